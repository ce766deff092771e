import { existsSync } from 'node:fs';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const commaList = z
  .string()
  .default('')
  .transform((list) =>
    list
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: 'expected a port number from 1 to 65535' })
    .int()
    .min(1)
    .max(65535)
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// or postgresql:// connection URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  CORS_ORIGINS: commaList.pipe(
    z.array(
      z.url({
        protocol: /^https?$/,
        error: 'expected a comma-separated list of http(s) origins such as https://shop.example',
      }),
    ),
  ),
  SEED_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((flag) => flag === 'true'),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment; the only reader of process.env. Throws a message naming each bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = EnvSchema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `  ${name}: ${issue.message} (got ${JSON.stringify(present[name])})`;
  });
  throw new Error(`Invalid environment configuration:\n${problems.join('\n')}`);
}

/** The environment of this process, with a `.env` file in the working directory filled in underneath. */
export function loadEnv(): Env {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseEnv(process.env);
}
