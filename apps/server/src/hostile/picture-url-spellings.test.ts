import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import * as auth from '@bazaar/shared/auth';
import * as categories from '@bazaar/shared/categories';
import { ApiErrorSchema } from '@bazaar/shared/errors';
import { httpUrlSchema, imageUrlSchema } from '@bazaar/shared/fields';
import * as orders from '@bazaar/shared/orders';
import * as pageData from '@bazaar/shared/page-data';
import * as pagination from '@bazaar/shared/pagination';
import * as productFacets from '@bazaar/shared/product-facets';
import * as products from '@bazaar/shared/products';
import * as reviews from '@bazaar/shared/reviews';
import * as stats from '@bazaar/shared/stats';
import * as users from '@bazaar/shared/users';
import { uploads } from '../db/schema.ts';
import { createUploadsRepository } from '../modules/uploads/uploads.repository.ts';
import { asBearer, asCookie, signUp, TEST_PASSWORD, type TestAccount } from '../test/accounts.ts';
import { tableFingerprinter, WRITE_COUNTERS, type Fingerprint } from '../test/table-fingerprint.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../test/test-app.ts';
import { uploadedPictureOf } from '../test/uploads.ts';

// Hostile class "URL spellings for every field that names a picture" (issue 42, point 7): another user's upload,
// spelled so that a browser or a proxy still reaches it but a naive check does not see it, is refused in every
// field of every route that takes a picture; on another host it is an outside picture that keeps nothing alive.

const testApp = useTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
let victim: TestAccount;
let attacker: TestAccount;
let attackersProduct: string;
let fingerprint: () => Promise<Fingerprint>;

const uploadAs = (account: TestAccount) => uploadedPictureOf(testApp.app, account);

beforeAll(async () => {
  victim = await signUp(testApp.app, 'spellings-victim@bazaar.test', 'Vic Victim');
  attacker = await signUp(testApp.app, 'spellings-attacker@bazaar.test', 'Al Attacker');
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: asBearer(attacker),
    payload: { name: 'Lamp', price: 10, mainImage: 'https://img.example/lamp.png' },
  });
  expect(created.statusCode).toBe(201);
  attackersProduct = created.json<{ _id: string }>()._id;
  fingerprint = await tableFingerprinter(testApp.database.db, { except: WRITE_COUNTERS });
});

// --- Which fields name a picture: every field of the shared schemas built on the picture URL schemas ----------

const SCHEMA_MODULES: Record<string, Record<string, unknown>> = {
  auth,
  categories,
  orders,
  pageData,
  pagination,
  productFacets,
  products,
  reviews,
  stats,
  users,
};

interface Node {
  _zod: { def: Record<string, unknown> };
}
const isSchema = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The paths (`field`, `field[]`) inside `schema` whose value is an http(s) or image URL. */
function pictureFieldsOf(schema: Node, path = '', seen = new Set<Node>()): string[] {
  if ((schema as unknown) === httpUrlSchema || (schema as unknown) === imageUrlSchema) return [path];
  if (seen.has(schema)) return [];
  seen.add(schema);
  const { def } = schema._zod;
  const found: string[] = [];
  for (const [key, value] of Object.entries(def)) {
    if (isSchema(value)) {
      found.push(...pictureFieldsOf(value, key === 'element' ? `${path}[]` : path, seen));
    } else if (Array.isArray(value)) {
      for (const item of value) if (isSchema(item)) found.push(...pictureFieldsOf(item, path, seen));
    } else if (key === 'shape' && typeof value === 'object' && value !== null) {
      for (const [field, fieldSchema] of Object.entries(value)) {
        if (isSchema(fieldSchema)) {
          found.push(...pictureFieldsOf(fieldSchema, path ? `${path}.${field}` : field, seen));
        }
      }
    }
  }
  return found;
}

/** Every `module.Schema.field` of the shared schemas that takes a picture URL. */
function pictureFieldsOfSchemas(): string[] {
  const found = new Set<string>();
  for (const [moduleName, exports] of Object.entries(SCHEMA_MODULES)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!isSchema(value)) continue;
      for (const field of pictureFieldsOf(value)) found.add(`${moduleName}.${name}.${field}`);
    }
  }
  return [...found].sort();
}

// --- How each of those fields is written, by the attacker ------------------------------------------------------

interface PictureField {
  /** Sends `url` in the field. */
  write: (url: string) => Promise<LightMyRequestResponse>;
}

const inject = (method: 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload: object) =>
  testApp.app.inject({ method, url, headers, payload });

let signUps = 0;
const signUpWith = (image: string) =>
  inject(
    'POST',
    '/api/auth/sign-up/email',
    {},
    {
      name: 'Eve',
      email: `spellings-eve-${(signUps += 1)}@bazaar.test`,
      password: TEST_PASSWORD,
      image,
    },
  );

const createProduct = (fields: object) =>
  inject('POST', '/api/products', asBearer(attacker), { name: 'Mug', price: 5, ...fields });
const updateProduct = (fields: object) =>
  inject('PATCH', `/api/products/${attackersProduct}`, asBearer(attacker), fields);

/** The picture fields, each under the schemas that declare it (`module.Schema.field`). */
const PICTURE_FIELDS: Record<string, PictureField> = {
  'products.ProductCreateSchema.mainImage': { write: (url) => createProduct({ mainImage: url }) },
  'products.ProductCreateSchema.images[]': {
    write: (url) => createProduct({ mainImage: 'https://img.example/a.png', images: [url] }),
  },
  'products.ProductUpdateSchema.mainImage': { write: (url) => updateProduct({ mainImage: url }) },
  'products.ProductUpdateSchema.images[]': { write: (url) => updateProduct({ images: [url] }) },
  'users.UserUpdateSchema.img': {
    write: (url) => inject('PATCH', `/api/users/${attacker.email}`, asBearer(attacker), { img: url }),
  },
  'auth.SignUpSchema.image': { write: signUpWith },
  'auth.UpdateUserSchema.image': {
    write: (url) => inject('POST', '/api/auth/update-user', asCookie(attacker), { image: url }),
  },
};

/** The spellings of the upload at `url` (`{PUBLIC_URL}/media/{id}/1280.webp`) that must be refused. */
function spellingsOf(url: string): Record<string, string> {
  const path = new URL(url).pathname;
  const id = /\/media\/([^/]+)\//.exec(path)![1]!;
  const escaped = (char: string) => `%${char.charCodeAt(0).toString(16)}`;
  const at = (rest: string) => `${TEST_PUBLIC_URL}${rest}`;
  return {
    'upper-case id': at(path.replace(id, id.toUpperCase())),
    'an escaped character of the id': at(path.replace(id, escaped(id[0]!) + id.slice(1))),
    'an escaped letter of /media/': at(path.replace('/media/', `/${escaped('m')}edia/`)),
    'a dot segment: /images/../media/…': at(`/images/..${path}`),
    'a site-relative /images/../media/…': `/images/..${path}`,
    'a dot segment escaped: %2e%2e': at(`/images/%2e%2e${path}`),
    'an escaped slash: %2f': at(`/images%2f..%2f${path.slice(1)}`),
    'a double-encoded dot segment: %252e%252e': at(`/images/%252e%252e${path}`),
    'a double-encoded character of the id': at(
      path.replace(id, `%25${escaped(id[0]!).slice(1)}${id.slice(1)}`),
    ),
    'a backslash': at(`/images\\..\\${path.slice(1)}`),
    'the host in upper case': url.replace('shop.bazaar.test', 'SHOP.BAZAAR.TEST'),
    'a query': `${url}?v=2`,
  };
}

const foreignSpellingOf = (url: string) => url.replace(TEST_PUBLIC_URL, 'https://evil.example');

const usesOf = async (url: string) => {
  const id = /\/media\/([^/]+)\//.exec(url)![1]!;
  const [row] = await testApp.database.db
    .select({ uses: uploads.uses })
    .from(uploads)
    .where(eq(uploads.id, id));
  return row?.uses;
};

describe('the picture fields', () => {
  it('are every field of the shared schemas that takes a picture URL (a new one needs an entry here)', () => {
    expect(pictureFieldsOfSchemas()).toEqual(Object.keys(PICTURE_FIELDS).sort());
  });
});

describe.each(Object.entries(PICTURE_FIELDS))('%s', (_field, { write }) => {
  it('refuses every other spelling of another user’s upload (4xx, nothing written, nothing counted)', async () => {
    const victims = await uploadAs(victim);
    for (const [spelling, url] of Object.entries(spellingsOf(victims))) {
      const before = await fingerprint();
      const response = await write(url);
      const what = `${spelling}: ${url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, what).toBeLessThan(500);
      expect(ApiErrorSchema.safeParse(response.json()).success, what).toBe(true);
      // Every write attempt spends its budget; the fingerprint leaves those counters out (WRITE_COUNTERS).
      expect(await fingerprint(), `rows changed by ${what}`).toEqual(before);
    }
    expect(await usesOf(victims)).toBe(0);
  });

  it('takes it on another host as an outside picture, which keeps the upload from no clean-up', async () => {
    const victims = await uploadAs(victim);
    const response = await write(foreignSpellingOf(victims));
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(await usesOf(victims)).toBe(0);
    await testApp.database.db
      .update(uploads)
      .set({ unusedSince: sql`now() - interval '25 hours'` })
      .where(eq(uploads.id, /\/media\/([^/]+)\//.exec(victims)![1]!));
    await createUploadsRepository(testApp.database.db).removeUnused(24);
    expect(await usesOf(victims)).toBeUndefined();
  });
});

describe('rows written around the API (psql, the seed, rows from before migration 0018)', () => {
  it('count only the shop’s own spelling of an upload as a use', async () => {
    const victims = await uploadAs(victim);
    const id = /\/media\/([^/]+)\//.exec(victims)![1]!;
    const spellings = [...Object.values(spellingsOf(victims)), foreignSpellingOf(victims)];
    await testApp.database.db.execute(sql`update "user" set img = ${spellings[0]} where id = ${attacker.id}`);
    for (const spelling of spellings) {
      await testApp.database.db.execute(
        sql`update products set main_image_url = ${spelling} where id = ${attackersProduct}`,
      );
      expect(await usesOf(victims), spelling).toBe(0);
    }
    await testApp.database.db.execute(
      sql`update products set main_image_url = ${`/media/${id}/1280.webp`} where id = ${attackersProduct}`,
    );
    expect(await usesOf(victims)).toBe(1);
    await testApp.database.db.execute(
      sql`update products set main_image_url = ${victims} where id = ${attackersProduct}`,
    );
    expect(await usesOf(victims)).toBe(1);
    await testApp.database.db.execute(
      sql`update products set main_image_url = 'https://img.example/lamp.png' where id = ${attackersProduct}`,
    );
    expect(await usesOf(victims)).toBe(0);
  });

  it('are counted again from scratch when a server starts with a new address', async () => {
    const victims = await uploadAs(victim);
    const id = /\/media\/([^/]+)\//.exec(victims)![1]!;
    // As 0008 left them: a stranger's foreign-host URL counted as a use.
    await testApp.database.db.execute(sql`update uploads set uses = 3, unused_since = null where id = ${id}`);
    const repository = createUploadsRepository(testApp.database.db);
    expect(await repository.noteShopAddress(TEST_PUBLIC_URL)).toBe(false);
    expect(await repository.noteShopAddress('https://moved.example')).toBe(true);
    expect(await usesOf(victims)).toBe(0);
  });
});
