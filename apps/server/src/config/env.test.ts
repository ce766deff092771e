import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('gives the documented defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      CORS_ORIGINS: [],
      SEED_ON_START: true,
      CATALOG_CACHE_MB: 16,
      HEADERS_TIMEOUT_SECONDS: 15,
      REQUEST_TIMEOUT_SECONDS: 30,
      KEEP_ALIVE_TIMEOUT_SECONDS: 72,
      WEB_CONCURRENCY: 1,
      PAYMENT_WINDOW_HOURS: 24,
      PAYMENT_EXPIRY_INTERVAL_SECONDS: 60,
    });
    expect(env.BKASH_NUMBER).toBeUndefined();
    expect(env.ROCKET_NUMBER).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.LOG_FORMAT).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe('Bazaar <no-reply@localhost>');
    expect(env.REQUIRE_EMAIL_VERIFICATION).toBe(false);
  });

  it('requires verified e-mails by default only when mail can be delivered', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example.com:587' };
    expect(parseEnv(smtp).REQUIRE_EMAIL_VERIFICATION).toBe(true);
    expect(parseEnv({ ...smtp, REQUIRE_EMAIL_VERIFICATION: 'false' }).REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(parseEnv({ REQUIRE_EMAIL_VERIFICATION: 'true' }).REQUIRE_EMAIL_VERIFICATION).toBe(true);
  });

  it('reads the mail settings, the sender defaulting to an address on the public host', () => {
    expect(
      parseEnv({ SMTP_URL: 'smtps://shop:secret@mail.example.com:465', PUBLIC_URL: 'https://shop.example' }),
    ).toMatchObject({
      SMTP_URL: 'smtps://shop:secret@mail.example.com:465',
      MAIL_FROM: 'Bazaar <no-reply@shop.example>',
    });
    expect(parseEnv({ MAIL_FROM: 'Shop <shop@example.com>' }).MAIL_FROM).toBe('Shop <shop@example.com>');
  });

  it('reads every variable', () => {
    const env = parseEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://shop@db.internal:5432/shop',
      DATA_DIR: '/var/lib/bazaar',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      CORS_ORIGINS: 'https://a.example, http://localhost:5173',
      SEED_ON_START: 'false',
      CATALOG_CACHE_MB: '0',
      HEADERS_TIMEOUT_SECONDS: '5',
      REQUEST_TIMEOUT_SECONDS: '20',
      KEEP_ALIVE_TIMEOUT_SECONDS: '65',
      WEB_CONCURRENCY: '4',
      BKASH_NUMBER: '01711-000000',
      ROCKET_NUMBER: '+880 1811 000000',
      PAYMENT_WINDOW_HOURS: '0.5',
      PAYMENT_EXPIRY_INTERVAL_SECONDS: '30',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://shop@db.internal:5432/shop',
      DATA_DIR: '/var/lib/bazaar',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      CORS_ORIGINS: ['https://a.example', 'http://localhost:5173'],
      SEED_ON_START: false,
      CATALOG_CACHE_MB: 0,
      HEADERS_TIMEOUT_SECONDS: 5,
      REQUEST_TIMEOUT_SECONDS: 20,
      KEEP_ALIVE_TIMEOUT_SECONDS: 65,
      WEB_CONCURRENCY: 4,
      BKASH_NUMBER: '01711-000000',
      ROCKET_NUMBER: '+880 1811 000000',
      PAYMENT_WINDOW_HOURS: 0.5,
      PAYMENT_EXPIRY_INTERVAL_SECONDS: 30,
    });
  });

  it('treats an empty variable as unset', () => {
    const env = parseEnv({ PORT: '', DATABASE_URL: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_FORMAT', 'text'],
    ['LOG_FORMAT', 'JSON'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'mail.example.com:587'],
    ['MAIL_FROM', 'Bazaar'],
    ['REQUIRE_EMAIL_VERIFICATION', 'yes'],
    ['CORS_ORIGINS', 'not a url'],
    ['SEED_ON_START', 'maybe'],
    ['CATALOG_CACHE_MB', '-1'],
    ['CATALOG_CACHE_MB', '1.5'],
    ['REQUEST_TIMEOUT_SECONDS', '0'],
    ['KEEP_ALIVE_TIMEOUT_SECONDS', '2.5'],
    ['S3_ENDPOINT', 's3.example.com'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
    ['WEB_CONCURRENCY', 'two'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', '1.5'],
    ['WEB_CONCURRENCY', '65'],
    ['BKASH_NUMBER', 'call us'],
    ['ROCKET_NUMBER', '12'],
    ['PAYMENT_WINDOW_HOURS', '0'],
    ['PAYMENT_WINDOW_HOURS', 'a day'],
    ['PAYMENT_EXPIRY_INTERVAL_SECONDS', '-1'],
    ['STRIPE_SECRET_KEY', 'pk_live_123'],
    ['STRIPE_WEBHOOK_SECRET', 'secret'],
    ['STRIPE_API_URL', 'localhost:12111'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}: .*got "${value}"`));
  });

  it('stops on several server processes without PostgreSQL: PGlite belongs to one process', () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: expected 1 without DATABASE_URL: the embedded database \(PGlite\) belongs to one process/,
    );
    expect(parseEnv({ WEB_CONCURRENCY: '1' }).WEB_CONCURRENCY).toBe(1);
  });

  it('stops on a headers timeout longer than the request timeout', () => {
    expect(() => parseEnv({ HEADERS_TIMEOUT_SECONDS: '40', REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(
      /HEADERS_TIMEOUT_SECONDS: expected at most REQUEST_TIMEOUT_SECONDS/,
    );
  });

  describe('cards through Stripe', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_def456' };

    it('offers no card when neither secret is set', () => {
      expect(parseEnv({}).STRIPE).toBeUndefined();
    });

    it('stops when one secret comes without the other', () => {
      expect(() => parseEnv({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
        /STRIPE_WEBHOOK_SECRET: expected together with STRIPE_SECRET_KEY \(cards through Stripe need both\)/,
      );
      expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: keys.STRIPE_WEBHOOK_SECRET })).toThrow(
        /STRIPE_SECRET_KEY: expected together with STRIPE_WEBHOOK_SECRET/,
      );
    });

    it('talks to Stripe itself unless STRIPE_API_URL points elsewhere', () => {
      expect(parseEnv(keys).STRIPE).toEqual({
        secretKey: keys.STRIPE_SECRET_KEY,
        webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
        api: undefined,
      });
      expect(parseEnv({ ...keys, STRIPE_API_URL: 'http://localhost:12111' }).STRIPE?.api).toEqual({
        host: 'localhost',
        port: 12111,
        protocol: 'http',
      });
    });
  });

  describe('S3 picture storage', () => {
    const s3 = {
      S3_BUCKET: 'shop-pictures',
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    };

    it('keeps pictures in the database when no S3_* variable is set', () => {
      expect(parseEnv({}).S3).toBeUndefined();
    });

    it('reads the bucket when every S3_* variable is set, path style off unless asked', () => {
      expect(parseEnv(s3).S3).toEqual({
        bucket: 'shop-pictures',
        endpoint: 'https://s3.eu-central-1.amazonaws.com',
        region: 'eu-central-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret',
        forcePathStyle: false,
      });
      expect(parseEnv({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).S3?.forcePathStyle).toBe(true);
    });

    it.each(Object.keys(s3))('stops when %s is missing from the others, naming it', (name) => {
      const partial: Record<string, string> = { ...s3 };
      delete partial[name];
      expect(() => parseEnv(partial)).toThrow(new RegExp(`^  ${name}: expected together with`, 'm'));
    });

    it('stops on a bucket alone, naming every missing variable', () => {
      const message = (() => {
        try {
          parseEnv({ S3_BUCKET: 'shop-pictures' });
        } catch (error) {
          return (error as Error).message;
        }
      })();
      for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
        expect(message).toContain(`${name}: expected together with S3_BUCKET`);
      }
    });
  });
});
