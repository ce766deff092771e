import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The versions whose private parts `db/` relies on (PGlite's exclusive-run locks, drizzle's session), as tested.
 * Moving to another version means reading those calls again, then changing the version here and in package.json.
 */
const TESTED = {
  '@electric-sql/pglite': { version: '0.5.16', user: 'db/pglite-statements.ts' },
  'drizzle-orm': { version: '0.45.4', user: 'db/pglite-statements.ts and db/client.ts' },
};

const serverPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The version installed, read from the package.json above the file the package resolves to. */
function installedVersion(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.resolve(name)));
  for (;;) {
    try {
      const found = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version: string;
      };
      if (found.name === name) return found.version;
    } catch {
      // No package.json in this folder: look in its parent.
    }
    if (dirname(dir) === dir) throw new Error(`no package.json of ${name} above its entry`);
    dir = dirname(dir);
  }
}

describe('the libraries whose private parts db/ uses', () => {
  for (const [name, { version, user }] of Object.entries(TESTED)) {
    const advice = (other: string) =>
      `${user} was tested with ${name} ${version}; check its private calls before moving to ${other}`;

    it(`${name} is pinned to ${version}, the version tested`, () => {
      const declared = serverPackage.dependencies[name]!;
      expect(declared, advice(declared)).toBe(version);
    });

    it(`${name} ${version} is the one installed`, () => {
      const installed = installedVersion(name);
      expect(installed, advice(installed)).toBe(version);
    });
  }
});
