import type { Env } from './env.ts';

type LogFormat = NonNullable<Env['LOG_FORMAT']>;

/** Readable lines for a person at a terminal; one JSON object a line for a file, a pipe or a log collector. */
export function logFormat(chosen: LogFormat | undefined, toTerminal: boolean): LogFormat {
  return chosen ?? (toTerminal ? 'pretty' : 'json');
}

/** The server's logger options (pino's, as Fastify takes them). */
export function loggerOptions(
  env: Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  toTerminal = Boolean(process.stdout.isTTY),
) {
  if (logFormat(env.LOG_FORMAT, toTerminal) === 'json') return { level: env.LOG_LEVEL };
  return { level: env.LOG_LEVEL, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } };
}
