// `node ceiling-server.ts BODY_FILE CONTENT_TYPE` (PORT in the environment): the ceiling of this machine, a
// bare node:http server answering every request with the same bytes from memory.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodyFile, contentType] = process.argv.slice(2);
if (!bodyFile || !contentType) throw new Error('usage: ceiling-server.ts BODY_FILE CONTENT_TYPE');
const body = readFileSync(bodyFile);
const headers = { 'content-type': contentType, 'content-length': body.length };

createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
