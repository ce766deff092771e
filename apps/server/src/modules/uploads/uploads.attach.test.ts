import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadIdOf } from '@bazaar/shared/uploads';
import { products, uploads, users } from '../../db/schema.ts';
import { asBearer, signUpCast, type TestAccount } from '../../test/accounts.ts';
import { orderOf } from '../../test/order-fixtures.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../test/test-app.ts';
import { uploadedPictureOf } from '../../test/uploads.ts';
import { createUploadsRepository } from './uploads.repository.ts';

// Room in the upload queue for the 24 attach races' uploads of one user at once.
const testApp = useTestApp({ UPLOAD_QUEUE_MAX: '32', UPLOAD_QUEUE_PER_USER: '31' });
let cast: Awaited<ReturnType<typeof signUpCast>>;
/** One picture uploaded by each of the cast. */
const pictures = { owner: '', stranger: '', admin: '' };
const FORBIDDEN = { error: 'FORBIDDEN', message: 'You can only use pictures you uploaded.' };

const uploadAs = (account: TestAccount) => uploadedPictureOf(testApp.app, account);

beforeAll(async () => {
  cast = await signUpCast(testApp, 'attach');
  pictures.owner = await uploadAs(cast.owner);
  pictures.stranger = await uploadAs(cast.stranger);
  pictures.admin = await uploadAs(cast.admin);
});

const product = (mainImage: string, images: string[] = []) => ({
  name: 'Clay Mug',
  price: 12,
  mainImage,
  images,
});

function send(
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  account: TestAccount | undefined,
  payload?: object,
) {
  return testApp.app.inject({
    method,
    url,
    headers: account ? asBearer(account) : {},
    ...(payload ? { payload } : {}),
  });
}

const productCount = async () =>
  (await testApp.database.db.select({ id: products.id }).from(products)).length;

async function ownersProduct(): Promise<string> {
  const response = await send('POST', '/api/products', cast.owner, product('https://images.example/mug.png'));
  expect(response.statusCode).toBe(201);
  return response.json<{ _id: string }>()._id;
}

const picturesOf = async (id: string) => {
  const [row] = await testApp.database.db
    .select({ main: products.mainImageUrl, images: products.imageUrls })
    .from(products)
    .where(eq(products.id, id));
  return row;
};

describe('attaching an upload to a new product', () => {
  it.each([
    ['the owner, their own picture', 201, 'owner', 'owner'],
    ['the owner, a stranger’s picture in the gallery', 403, 'owner', 'stranger'],
    ['a stranger, the owner’s picture', 403, 'stranger', 'owner'],
    ['an admin, anybody’s picture', 201, 'admin', 'stranger'],
  ] as const)('%s → %i', async (_name, status, writer, whose) => {
    const before = await productCount();
    const body = whose === writer ? product(pictures[whose]) : product(pictures[writer], [pictures[whose]]);
    const response = await send('POST', '/api/products', cast[writer], body);
    expect(response.statusCode).toBe(status);
    if (status === 403) {
      expect(response.json()).toEqual(FORBIDDEN);
      expect(await productCount()).toBe(before);
    } else {
      expect(response.json<{ mainImage: { url: string } }>().mainImage.url).toBe(pictures[writer]);
    }
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await send('POST', '/api/products', undefined, product(pictures.owner))).statusCode).toBe(401);
  });

  it('refuses an upload id the shop does not have (400), and takes a /media/ URL of another site as any URL', async () => {
    const before = await productCount();
    const unknown = `${TEST_PUBLIC_URL}/media/00000000-0000-4000-8000-000000000000/1280.webp`;
    const refused = await send('POST', '/api/products', cast.owner, product(unknown));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/upload it again/);
    expect(await productCount()).toBe(before);
    const elsewhere = pictures.stranger.replace(TEST_PUBLIC_URL, 'https://elsewhere.example');
    expect((await send('POST', '/api/products', cast.owner, product(elsewhere))).statusCode).toBe(201);
  });
});

describe('attaching an upload to an existing product', () => {
  it('lets the seller attach their own picture, and refuses a stranger’s (nothing changes)', async () => {
    const id = await ownersProduct();
    const own = await send('PATCH', `/api/products/${id}`, cast.owner, { images: [pictures.owner] });
    expect(own.statusCode).toBe(200);
    const refused = await send('PATCH', `/api/products/${id}`, cast.owner, { mainImage: pictures.stranger });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(FORBIDDEN);
    expect(await picturesOf(id)).toEqual({
      main: 'https://images.example/mug.png',
      images: [pictures.owner],
    });
  });

  it('refuses a stranger, with their own picture or the owner’s', async () => {
    const id = await ownersProduct();
    for (const picture of [pictures.stranger, pictures.owner]) {
      const response = await send('PATCH', `/api/products/${id}`, cast.stranger, { mainImage: picture });
      expect(response.statusCode).toBe(403);
    }
    expect((await picturesOf(id))?.main).toBe('https://images.example/mug.png');
  });

  it('lets an admin attach anybody’s picture, which the seller may then keep while editing', async () => {
    const id = await ownersProduct();
    const byAdmin = await send('PATCH', `/api/products/${id}`, cast.admin, { mainImage: pictures.stranger });
    expect(byAdmin.statusCode).toBe(200);
    const kept = await send('PATCH', `/api/products/${id}`, cast.owner, {
      mainImage: pictures.stranger,
      images: [pictures.owner],
    });
    expect(kept.statusCode).toBe(200);
    expect(await picturesOf(id)).toEqual({ main: pictures.stranger, images: [pictures.owner] });
  });

  it('answers 401 to an anonymous caller', async () => {
    const id = await ownersProduct();
    expect(
      (await send('PATCH', `/api/products/${id}`, undefined, { mainImage: pictures.owner })).statusCode,
    ).toBe(401);
  });
});

describe('a profile picture', () => {
  const imgOf = async (account: TestAccount) =>
    (await testApp.database.db.select({ img: users.img }).from(users).where(eq(users.id, account.id)))[0]
      ?.img;
  const setImg = (writer: TestAccount | undefined, of: TestAccount, img: string) =>
    send('PATCH', `/api/users/${of.email}`, writer, { img });

  it('may be the user’s own upload, never someone else’s (nothing changes)', async () => {
    expect((await setImg(cast.owner, cast.owner, pictures.owner)).statusCode).toBe(200);
    const refused = await setImg(cast.owner, cast.owner, pictures.stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(FORBIDDEN);
    expect(await imgOf(cast.owner)).toBe(pictures.owner);
  });

  it('is refused to a stranger and an anonymous caller, and an admin may set any', async () => {
    expect((await setImg(cast.stranger, cast.owner, pictures.stranger)).statusCode).toBe(403);
    expect((await setImg(undefined, cast.owner, pictures.owner)).statusCode).toBe(401);
    expect((await setImg(cast.admin, cast.owner, pictures.admin)).statusCode).toBe(200);
    expect(await imgOf(cast.owner)).toBe(pictures.admin);
  });
});

describe('clean-up of unused pictures', () => {
  const usesOf = async (url: string) =>
    (
      await testApp.database.db
        .select({ uses: uploads.uses, unusedSince: uploads.unusedSince })
        .from(uploads)
        .where(eq(uploads.id, uploadIdOf(url)!))
    )[0];
  /** Makes the picture look unused for `hours` (when unused), as if time had passed. */
  const age = (url: string, hours: number) =>
    testApp.database.db
      .update(uploads)
      .set({ unusedSince: sql`now() - make_interval(hours => ${hours})` })
      .where(sql`${uploads.id} = ${uploadIdOf(url)!} and ${uploads.unusedSince} is not null`);
  const stillThere = async (url: string) => (await usesOf(url)) !== undefined;

  it('counts the products, profiles and order lines that use a picture', async () => {
    const mine = await uploadAs(cast.owner);
    expect(await usesOf(mine)).toMatchObject({ uses: 0 });
    const created = await send('POST', '/api/products', cast.owner, { ...product(mine, [mine]), stock: 5 });
    const id = created.json<{ _id: string }>()._id;
    expect(await usesOf(mine)).toEqual({ uses: 1, unusedSince: null });
    await orderOf(testApp.app, cast.stranger, [id]);
    expect(await usesOf(mine)).toMatchObject({ uses: 2 });
    await send('PATCH', `/api/products/${id}`, cast.owner, {
      mainImage: 'https://images.example/a.png',
      images: [],
    });
    expect(await usesOf(mine)).toMatchObject({ uses: 1 });
  });

  it('deletes a picture unused for the grace period, and keeps used and recent ones', async () => {
    const repository = createUploadsRepository(testApp.database.db);
    const [unused, recent, onProduct, onProfile, removedFrom] = await Promise.all(
      Array.from({ length: 5 }, () => uploadAs(cast.owner)),
    );
    await send('POST', '/api/products', cast.owner, product(onProduct!));
    await send('PATCH', `/api/users/${cast.owner.email}`, cast.owner, { img: onProfile });
    const created = await send('POST', '/api/products', cast.owner, product(removedFrom!));
    expect(
      (await send('DELETE', `/api/products/${created.json<{ _id: string }>()._id}`, cast.owner)).statusCode,
    ).toBe(200);
    for (const url of [unused!, onProduct!, onProfile!, removedFrom!]) await age(url, 25);

    // Two processes' jobs at once share the work: each picture is deleted once.
    const removed = await Promise.all([repository.removeUnused(24), repository.removeUnused(24)]);
    expect(removed[0] + removed[1]).toBeGreaterThanOrEqual(2);
    expect(await stillThere(unused!)).toBe(false);
    expect(await stillThere(removedFrom!)).toBe(false);
    expect(await stillThere(recent!)).toBe(true);
    expect(await stillThere(onProduct!)).toBe(true);
    expect(await stillThere(onProfile!)).toBe(true);
    const gone = await testApp.app.inject({ method: 'GET', url: new URL(unused!).pathname });
    expect(gone.statusCode).toBe(404);
    expect(await repository.removeUnused(24)).toBe(0);
  });

  it('never leaves a product showing a picture the clean-up deleted while it was being attached', async () => {
    const repository = createUploadsRepository(testApp.database.db);
    const races = await Promise.all(
      Array.from({ length: 24 }, async () => {
        const picture = await uploadAs(cast.owner);
        await age(picture, 25);
        const [attached] = await Promise.all([
          send('POST', '/api/products', cast.owner, product(picture)),
          repository.removeUnused(24),
        ]);
        const served = await testApp.app.inject({ method: 'GET', url: new URL(picture).pathname });
        return { attached: attached.statusCode, served: served.statusCode };
      }),
    );
    // Either the write won (saved, the picture stays) or the clean-up did (refused, nothing saved).
    for (const race of races) {
      expect([
        { attached: 201, served: 200 },
        { attached: 400, served: 404 },
      ]).toContainEqual(race);
    }
  });

  it('lets no stranger keep somebody’s unused picture from the clean-up by trying to attach it', async () => {
    const picture = await uploadAs(cast.owner);
    await age(picture, 25);
    const refused = await send('PATCH', `/api/users/${cast.stranger.email}`, cast.stranger, { img: picture });
    expect(refused.statusCode).toBe(403);
    await createUploadsRepository(testApp.database.db).removeUnused(24);
    expect(await stillThere(picture)).toBe(false);
  });
});
