import { existsSync } from 'node:fs';
import { z } from 'zod';

/** The returns window: a seller's credit waits this many days before it may be paid out, unless set. */
export const PAYOUT_HOLD_DAYS_DEFAULT = 7;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['json', 'pretty'] as const;

const commaList = z
  .string()
  .default('')
  .transform((list) =>
    list
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');

const PROCESS_COUNT = 'expected a whole number of server processes from 1 to 64';

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const walletNumber = z
  .string()
  .trim()
  .regex(/^\+?\d[\d\s-]{2,28}$/, 'expected a phone number such as 01711-000000');

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
  /** Log lines as one JSON object each, or readable; unset, readable in a terminal and JSON otherwise (logging.ts). */
  LOG_FORMAT: z.enum(LOG_FORMATS).optional(),
  CORS_ORIGINS: commaList.pipe(
    z.array(
      z.url({
        protocol: /^https?$/,
        error: 'expected a comma-separated list of http(s) origins such as https://shop.example',
      }),
    ),
  ),
  SEED_ON_START: flag('true'),
  /** The shop's own address; defaults to http://localhost:$PORT. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'expected the http(s) address of the shop' }).optional(),
  /**
   * Behind reverse proxies: how many of them append to X-Forwarded-For (`true` = one). The client's address is
   * the entry the nearest of them wrote, not the leftmost, which the client itself may have sent.
   */
  TRUST_PROXY: z
    .union([z.enum(['true', 'false']), z.string().regex(/^\d{1,2}$/)], {
      error: 'expected true, false or the number of proxies in front of the shop',
    })
    .default('false')
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
  /** Where mail is delivered (smtp:// or smtps://, user and password in the URL); unset, to the log and $DATA_DIR/outbox. */
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'expected an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  /**
   * A password account signs in only once its e-mail is verified, and registering a taken e-mail reveals
   * nothing. On by default when SMTP_URL is set: without it, nobody could read the link.
   */
  REQUIRE_EMAIL_VERIFICATION: z.enum(['true', 'false']).optional(),
  /** The sender of the shop's mails; defaults to Bazaar <no-reply@PUBLIC_URL's host>. */
  MAIL_FROM: z
    .string()
    .includes('@', { error: 'expected a sender such as Bazaar <shop@example.com>' })
    .optional(),
  AUTH_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  ADMIN_EMAILS: commaList.pipe(
    z.array(z.email({ error: 'expected a comma-separated list of e-mail addresses' }).toLowerCase()),
  ),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: 'expected the http(s) URL of an OpenID Connect issuer' })
    .optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /**
   * Sign-in, registration and link attempts allowed per client address in each window; failed sign-ins per e-mail
   * from all addresses together may reach ten times this (auth-calls.ts).
   */
  AUTH_RATE_LIMIT_MAX: positiveInt(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  /** Account mails (verification and reset links, "someone registered your address") to one address per hour. */
  ACCOUNT_MAILS_PER_HOUR: positiveInt(5),
  /** Memory for rendered catalog answers (lists, name searches, products, categories); 0 turns the cache off. */
  CATALOG_CACHE_MB: z.coerce
    .number({ error: 'expected a whole number of megabytes (0 turns the cache off)' })
    .int()
    .min(0)
    .max(65536)
    .default(16),
  /** Product creations, edits and deletions each seller may make per hour; refused ones count too. */
  PRODUCT_WRITES_PER_HOUR: positiveInt(600),
  /** Orders each buyer may place per hour (POST /api/orders); refused ones count too. */
  ORDERS_PER_HOUR: positiveInt(30),
  /**
   * Every other write per hour: of each signed-in route per user, and of sign-in's calls per client address.
   */
  WRITES_PER_HOUR: positiveInt(600),
  /**
   * Units of one product a buyer may hold in orders not yet shipped (processing); more is a 409 HOLD_LIMIT. The
   * default is one order line's most (QUANTITY_MAX, 99): any quantity the checkout offers goes through for a buyer
   * holding none, and no buyer can hoard more than that while nothing ships.
   */
  UNITS_HELD_PER_PRODUCT: positiveInt(99),
  /** Pictures each user may upload per hour (POST /api/uploads); refused ones count too. */
  UPLOADS_PER_HOUR: positiveInt(60),
  /**
   * Uploads this process takes in at once (received, waiting their turn on disk, or being decoded); past it, 503 with
   * Retry-After.
   */
  UPLOAD_QUEUE_MAX: positiveInt(32),
  /**
   * ...of which one user may have this many; past it, 429 with Retry-After. The product form sends a product's
   * pictures all at once: a main one and 10 more. Defaults to 11, or one less than UPLOAD_QUEUE_MAX.
   */
  UPLOAD_QUEUE_PER_USER: z.coerce.number().int().min(1).optional(),
  /** An uploaded picture that no product, profile or order line uses is deleted after this many hours. */
  UPLOAD_GRACE_HOURS: z.coerce.number({ error: 'expected a number of hours' }).min(0).default(24),
  /**
   * Uploaded pictures go to this S3-compatible bucket instead of the database; the other S3_* variables (but
   * S3_FORCE_PATH_STYLE) are then required.
   */
  S3_BUCKET: z.string().optional(),
  /** The S3 API's address, such as https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'expected the http(s) address of the S3 API' })
    .optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Address the bucket as {endpoint}/{bucket} (MinIO, most self-hosted servers) rather than {bucket}.{endpoint}. */
  S3_FORCE_PATH_STYLE: flag('false'),
  /** A client must send a request's headers within this time (slow-header attacks hold connections open). */
  HEADERS_TIMEOUT_SECONDS: positiveInt(15),
  /** ...and the whole request, body included, within this one. */
  REQUEST_TIMEOUT_SECONDS: positiveInt(30),
  /** An idle kept-alive connection is closed after this time; keep it above a reverse proxy's own idle timeout. */
  KEEP_ALIVE_TIMEOUT_SECONDS: positiveInt(72),
  /**
   * A search's or facet count's statement stops after this many milliseconds and the client gets a 503 (PostgreSQL
   * only: PGlite runs each statement to its end, and relies on the search's caps alone).
   */
  SEARCH_TIMEOUT_MS: positiveInt(3000),
  /** Each server process holds the catalog's search index in memory (decision 036); false answers every list from SQL. */
  SEARCH_INDEX: flag('true'),
  /** The shop's bKash wallet number, where buyers send bKash payments; unset (and none set by an admin), not offered. */
  BKASH_NUMBER: walletNumber.optional(),
  /** The shop's Rocket wallet number, as BKASH_NUMBER. */
  ROCKET_NUMBER: walletNumber.optional(),
  /** The shop's commission on each line's goods, in percent (two decimals at most); an admin's setting wins. */
  COMMISSION_PERCENT: z.coerce
    .number({ error: 'expected a percentage, such as 10 or 12.5' })
    .min(0, { error: 'expected a percentage from 0 to 100' })
    .max(100, { error: 'expected a percentage from 0 to 100' })
    .refine((percent) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6, {
      error: 'expected at most two decimals',
    })
    .default(0),
  /** A seller's credit may be paid out this many days (a decimal number) after it: the returns window. */
  PAYOUT_HOLD_DAYS: z.coerce
    .number({ error: 'expected a number of days, such as 7 or 0.5' })
    .min(0, { error: 'expected a number of days from 0' })
    .default(PAYOUT_HOLD_DAYS_DEFAULT),
  /** A bKash or Rocket order with no payment claimed within this many hours (a decimal number) is cancelled. */
  PAYMENT_WINDOW_HOURS: z.coerce
    .number({ error: 'expected a number of hours, such as 24 or 0.5' })
    .positive({ error: 'expected a number of hours above 0' })
    .default(24),
  /**
   * How long after marking a part shipped its seller may take it back: the buyer's mail of the shipment waits in the
   * outbox as long, and is withdrawn with it.
   */
  SHIPPING_GRACE_SECONDS: z.coerce
    .number({ error: 'expected a number of seconds' })
    .min(0, { error: 'expected a number of seconds, 0 or more' })
    .default(300),
  /** Stripe's secret API key (sk_live_… or sk_test_…): with STRIPE_WEBHOOK_SECRET, checkout offers cards. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'expected a Stripe secret key such as sk_test_…')
    .optional(),
  /** The signing secret of the shop's webhook endpoint at Stripe (whsec_…), which proves an event came from Stripe. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'expected a Stripe webhook signing secret such as whsec_…')
    .optional(),
  /** Where the Stripe SDK sends its calls instead of https://api.stripe.com: stripe-mock or a test server. */
  STRIPE_API_URL: z
    .url({
      protocol: /^https?$/,
      error: 'expected the http(s) address of a Stripe API, such as http://localhost:12111',
    })
    .optional(),
  /** How often each process looks for unpaid orders whose window has passed. */
  PAYMENT_EXPIRY_INTERVAL_SECONDS: z.coerce
    .number({ error: 'expected a number of seconds' })
    .positive({ error: 'expected a number of seconds above 0' })
    .default(60),
  /** Server processes sharing PORT (one per core); above 1 needs DATABASE_URL. See src/cluster.ts. */
  WEB_CONCURRENCY: z.coerce
    .number({ error: PROCESS_COUNT })
    .int({ error: PROCESS_COUNT })
    .min(1, { error: PROCESS_COUNT })
    .max(64, { error: PROCESS_COUNT })
    .default(1),
});

const pairs = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['OIDC_ISSUER', 'OIDC_CLIENT_ID'],
  ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
] as const;

const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** The S3_* variables as one setting, once the check above has seen they are all there or none is. */
function s3Of(env: z.infer<typeof EnvSchema>) {
  const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_BUCKET || !S3_ENDPOINT || !S3_REGION || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY)
    return undefined;
  return {
    bucket: S3_BUCKET,
    endpoint: S3_ENDPOINT,
    region: S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/** The Stripe settings, once the check below has seen that both secrets are there or neither is. */
function stripeOf(env: z.infer<typeof EnvSchema>) {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) return undefined;
  const api = STRIPE_API_URL === undefined ? undefined : new URL(STRIPE_API_URL);
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    api: api && {
      host: api.hostname,
      port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
      protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
    },
  };
}

const CheckedEnvSchema = EnvSchema.superRefine((env, context) => {
  for (const [first, second] of pairs) {
    if (Boolean(env[first]) !== Boolean(env[second])) {
      const missing = env[first] ? second : first;
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: `expected together with ${env[first] ? first : second}`,
      });
    }
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    const missing = env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    context.addIssue({
      code: 'custom',
      path: [missing],
      message: `expected together with ${env.STRIPE_SECRET_KEY ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET'} (cards through Stripe need both)`,
    });
  }
  const s3Given = S3_VARIABLES.filter((name) => env[name] !== undefined);
  if (s3Given.length > 0) {
    for (const name of S3_VARIABLES.filter((one) => env[one] === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `expected together with ${s3Given.join(', ')} (S3 picture storage needs all five)`,
      });
    }
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    context.addIssue({
      code: 'custom',
      path: ['WEB_CONCURRENCY'],
      message:
        'expected 1 without DATABASE_URL: the embedded database (PGlite) belongs to one process; ' +
        'set DATABASE_URL to run several server processes on PostgreSQL',
    });
  }
  if (
    env.UPLOAD_QUEUE_PER_USER !== undefined &&
    env.UPLOAD_QUEUE_MAX > 1 &&
    env.UPLOAD_QUEUE_PER_USER >= env.UPLOAD_QUEUE_MAX
  ) {
    context.addIssue({
      code: 'custom',
      path: ['UPLOAD_QUEUE_PER_USER'],
      message: 'expected less than UPLOAD_QUEUE_MAX, so that one user cannot fill the queue',
    });
  }
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
    context.addIssue({
      code: 'custom',
      path: ['HEADERS_TIMEOUT_SECONDS'],
      message: 'expected at most REQUEST_TIMEOUT_SECONDS (the headers are part of the request)',
    });
  }
}).transform((env) => {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    PUBLIC_URL: publicUrl,
    MAIL_FROM: env.MAIL_FROM ?? `Bazaar <no-reply@${new URL(publicUrl).hostname}>`,
    UPLOAD_QUEUE_PER_USER: env.UPLOAD_QUEUE_PER_USER ?? Math.max(1, Math.min(11, env.UPLOAD_QUEUE_MAX - 1)),
    REQUIRE_EMAIL_VERIFICATION: (env.REQUIRE_EMAIL_VERIFICATION ?? String(Boolean(env.SMTP_URL))) === 'true',
    /** The bucket of uploaded pictures; undefined keeps them in the database. */
    S3: s3Of(env),
    /** Cards through Stripe; undefined when not configured (checkout then offers no card). */
    STRIPE: stripeOf(env),
  };
});

export type Env = z.infer<typeof CheckedEnvSchema>;

/** Parses the environment; the only reader of process.env. Throws a message naming each bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = CheckedEnvSchema.safeParse(present);
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
