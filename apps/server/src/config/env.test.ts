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
      CATALOG_CACHE_MB: 32,
      HEADERS_TIMEOUT_SECONDS: 15,
      REQUEST_TIMEOUT_SECONDS: 30,
      KEEP_ALIVE_TIMEOUT_SECONDS: 72,
    });
    expect(env.DATABASE_URL).toBeUndefined();
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
      CORS_ORIGINS: 'https://a.example, http://localhost:5173',
      SEED_ON_START: 'false',
      CATALOG_CACHE_MB: '0',
      HEADERS_TIMEOUT_SECONDS: '5',
      REQUEST_TIMEOUT_SECONDS: '20',
      KEEP_ALIVE_TIMEOUT_SECONDS: '65',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://shop@db.internal:5432/shop',
      DATA_DIR: '/var/lib/bazaar',
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: ['https://a.example', 'http://localhost:5173'],
      SEED_ON_START: false,
      CATALOG_CACHE_MB: 0,
      HEADERS_TIMEOUT_SECONDS: 5,
      REQUEST_TIMEOUT_SECONDS: 20,
      KEEP_ALIVE_TIMEOUT_SECONDS: 65,
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
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}: .*got "${value}"`));
  });

  it('stops on a headers timeout longer than the request timeout', () => {
    expect(() => parseEnv({ HEADERS_TIMEOUT_SECONDS: '40', REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(
      /HEADERS_TIMEOUT_SECONDS: expected at most REQUEST_TIMEOUT_SECONDS/,
    );
  });
});
