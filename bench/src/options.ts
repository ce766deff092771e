import { parseArgs } from 'node:util';
import { SCENARIO_NAMES, type ScenarioName } from './scenarios.ts';

export type Engine = 'pglite' | 'postgres';

export interface Options {
  engines: Engine[];
  /** The PostgreSQL server the bench creates its own database on (from DATABASE_URL). */
  postgresUrl: string | undefined;
  products: number;
  connections: number;
  /** Seconds of load per scenario. */
  duration: number;
  scenarios: ScenarioName[];
  storefront: boolean;
  keep: boolean;
  /** Server processes (WEB_CONCURRENCY) to measure, one run each on the same catalog; above 1 on PostgreSQL only. */
  processes: number[];
}

export const USAGE = `Usage: npm run bench -- [options]

  --engine pglite|postgres|both  database engine(s) to measure (default: pglite, and postgres too
                                 when DATABASE_URL is set; postgres needs DATABASE_URL)
  --products N                   catalog size (default 100000)
  --connections N                concurrent connections (default 50)
  --duration S                   seconds of load per scenario (default 10)
  --only a,b,...                 only these scenarios: ${SCENARIO_NAMES.join(', ')}
  --skip-storefront              skip the bundle sizes and Lighthouse
  --keep                         keep the seeded catalog for the next run (else it is removed)
  --processes 1,2,...            run the shop with each number of server processes (WEB_CONCURRENCY) in
                                 turn on the same catalog (default 1; above 1 needs --engine postgres)
  --help                         this text`;

/** The catalog size the targets are set at (docs/performance.md). */
export const DEFAULT_PRODUCTS = 100_000;

export class UsageError extends Error {}

function wholeNumber(name: string, text: string | undefined, fallback: number, min: number, max: number) {
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${text}".`);
  }
  return value;
}

function engines(choice: string | undefined, postgresUrl: string | undefined): Engine[] {
  if (choice === undefined) return postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  const chosen: Record<string, Engine[]> = {
    pglite: ['pglite'],
    postgres: ['postgres'],
    both: ['pglite', 'postgres'],
  };
  const result = chosen[choice];
  if (!result) throw new UsageError(`--engine must be pglite, postgres or both, got "${choice}".`);
  if (result.includes('postgres') && !postgresUrl) {
    throw new UsageError(
      '--engine postgres needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres ' +
        '(the bench creates a database of its own on that server and never writes to the one named).',
    );
  }
  return result;
}

function scenarios(list: string | undefined): ScenarioName[] {
  if (list === undefined) return [...SCENARIO_NAMES];
  const names = list.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(SCENARIO_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new UsageError(
      `--only: unknown scenario "${unknown.join(', ')}"; known: ${SCENARIO_NAMES.join(', ')}.`,
    );
  }
  return SCENARIO_NAMES.filter((name) => names.includes(name));
}

const MAX_PROCESSES = 64;

function processCounts(list: string | undefined, chosen: Engine[]): number[] {
  if (list === undefined) return [1];
  const counts = list.split(',').map((text) => wholeNumber('processes', text.trim(), 1, 1, MAX_PROCESSES));
  if (counts.some((count) => count > 1) && chosen.includes('pglite')) {
    throw new UsageError(
      '--processes above 1 needs --engine postgres: a PGlite database belongs to one server process.',
    );
  }
  return [...new Set(counts)];
}

/** Parses the command line; throws a UsageError with a message for the user, or returns null for --help. */
export function parseOptions(args: string[], env: NodeJS.ProcessEnv): Options | null {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        engine: { type: 'string' },
        products: { type: 'string' },
        connections: { type: 'string' },
        duration: { type: 'string' },
        only: { type: 'string' },
        'skip-storefront': { type: 'boolean', default: false },
        keep: { type: 'boolean', default: false },
        processes: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return null;
  const postgresUrl = env.DATABASE_URL || undefined;
  const chosen = engines(values.engine, postgresUrl);
  return {
    engines: chosen,
    postgresUrl,
    products: wholeNumber('products', values.products, DEFAULT_PRODUCTS, 100, 2_000_000),
    connections: wholeNumber('connections', values.connections, 50, 1, 10_000),
    duration: wholeNumber('duration', values.duration, 10, 1, 3600),
    scenarios: scenarios(values.only),
    storefront: !values['skip-storefront'],
    keep: values.keep,
    processes: processCounts(values.processes, chosen),
  };
}
