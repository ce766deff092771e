import { fileURLToPath } from 'node:url';

// This file sits one folder below the server package both as source (src/) and bundled (dist/main.js),
// so one relative step finds the package in either case.
const serverRoot = fileURLToPath(new URL('..', import.meta.url));

export const paths = {
  serverRoot,
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  webDist: fileURLToPath(new URL('../../web/dist', import.meta.url)),
};
