import fc from 'fast-check';
import { PRICE_MAX, STOCK_MAX } from '@bazaar/shared/products';
import {
  asSegment,
  BAD_URLS,
  hostileSegment,
  NOT_DECIMAL_TEXTS,
  notBoolean,
  notNumeric,
  notText,
  overlongText,
  refusedNumbers,
  SCRIPT_PAYLOADS,
  SQL_PAYLOADS,
  unreadableBody,
  unstorableText,
} from '../../hostile/arbitraries.ts';
import {
  badRequiredText,
  badUrl,
  json,
  notHandle,
  paging,
  poisonedBody,
  poisonedQuery,
  validPaging,
  type HostileRoute,
  type Poisons,
} from '../../hostile/hostile-entry.ts';

/** Search text the server refuses: longer than 100 characters, or holding NUL. */
const refusedSearch = fc.oneof(
  overlongText(100),
  unstorableText.filter((text) => text.includes('\u0000')),
);

/** A product list's filters (and the facets'), each valid. `brand` may repeat, so it is only poisoned. */
const validListFilters = {
  q: 'lamp',
  category: 'lamps',
  flash_sale: 'true',
  seller: 'some-seller',
  price_min: '10',
  price_max: '99.99',
  rating_min: '3.5',
  in_stock: 'true',
};

/** A price bound a list refuses: no decimal number, negative, too high, or finer than a cent. */
const refusedPriceBound = fc.constantFrom(
  ...NOT_DECIMAL_TEXTS,
  '-0.01',
  String(PRICE_MAX + 0.01),
  '0.001',
  '1e3',
  ...SQL_PAYLOADS,
);

export const listFilterPoisons = {
  q: refusedSearch,
  category: refusedSearch,
  seller: notHandle,
  brand: overlongText(100),
  flash_sale: fc.constantFrom('1', 'yes', 'TRUE', '', ...SQL_PAYLOADS),
  price_min: refusedPriceBound,
  price_max: refusedPriceBound,
  rating_min: fc.constantFrom(...NOT_DECIMAL_TEXTS, '-0.5', '5.01', '6', ...SQL_PAYLOADS),
  in_stock: fc.constantFrom('false', '1', 'yes', 'TRUE', '', ...SQL_PAYLOADS),
};

/** Anything a list of at most `maxItems` texts of `maxLength` refuses. */
const badTextList = (maxItems: number, maxLength: number) =>
  fc.oneof(
    fc.constantFrom(...SQL_PAYLOADS, 42, null, true),
    fc.array(fc.constant('x'), { minLength: maxItems + 1, maxLength: maxItems + 20 }),
    overlongText(maxLength).map((text) => [text]),
    fc.array(fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)), { minLength: 1, maxLength: 3 }),
  );

const PRODUCT = {
  name: 'Hostile lamp',
  price: 12.5,
  description: 'A lamp.',
  discount: 5,
  brand: 'Lumen',
  // Ignored (they come from reviews), as the spec's client sends them.
  ratings: 4,
  reviews_count: 3,
  stock: 4,
  flash_sale: false,
  mainImage: 'https://img.example/lamp.png',
  images: ['https://img.example/lamp-2.png'],
  features: ['bright'],
  colors: ['red'],
  categories: ['lamps'],
  shipping_details: { estimated_delivery: '2 days' },
};

// Numbers may come as decimal text ("12.50"); text that is no number, or a number out of range, is refused.
const refusedPrice = fc.oneof(
  notNumeric,
  refusedNumbers(-0.01, -1, PRICE_MAX + 0.01, 1e308, 0.001, 12.345, 2 ** 53),
);

const productPoisons: Poisons = {
  name: badRequiredText(200),
  price: refusedPrice,
  description: fc.oneof(notText, overlongText(5000)),
  discount: fc.oneof(notNumeric, refusedNumbers(-1, 101, 1.5, 1e308)),
  brand: fc.oneof(notText, overlongText(100)),
  // null is taken: it means "not tracked".
  stock: fc.oneof(
    notNumeric.filter((value) => value !== null),
    refusedNumbers(-1, 0.5, 1.5, STOCK_MAX + 1, 2 ** 31, 1e308),
  ),
  flash_sale: notBoolean,
  mainImage: fc.oneof(
    badUrl,
    badUrl.map((url) => ({ url, alt: 'x' })),
    notText,
    fc.constant(''),
  ),
  images: fc.oneof(
    fc.array(badUrl, { minLength: 1, maxLength: 3 }),
    fc.array(fc.constant(PRODUCT.mainImage), { minLength: 11, maxLength: 15 }),
    fc.constantFrom(...BAD_URLS),
  ),
  features: badTextList(20, 200),
  colors: badTextList(20, 50),
  categories: badTextList(10, 50),
  shipping_details: fc.oneof(
    fc.constantFrom(...SQL_PAYLOADS, 42, null, [], { unknown: 1 }),
    overlongText(100).map((text) => ({ estimated_delivery: text })),
  ),
};

export const hostileRoutes: HostileRoute[] = [
  {
    route: 'GET /api/products',
    callers: ['anonymous'],
    requests: () =>
      poisonedQuery(
        '/api/products',
        { ...validListFilters, sort: 'price_asc', ...validPaging },
        {
          ...listFilterPoisons,
          sort: fc.constantFrom(
            'oldest',
            'price',
            'NEWEST',
            'Relevance',
            '',
            ...SQL_PAYLOADS,
            ...SCRIPT_PAYLOADS,
          ),
          ...paging,
        },
      ),
  },
  {
    route: 'GET /api/products/facets',
    callers: ['anonymous'],
    requests: () =>
      poisonedQuery('/api/products/facets', validListFilters, {
        ...listFilterPoisons,
        // The facets have no order and no page.
        sort: fc.constantFrom('newest', 'relevance'),
        limit: fc.constantFrom('5'),
      }),
  },
  {
    route: 'GET /api/products/:id',
    callers: ['anonymous'],
    requests: () => hostileSegment.map((id) => ({ method: 'GET', url: `/api/products/${asSegment(id)}` })),
  },
  {
    route: 'POST /api/products',
    callers: ['anonymous', 'owner'],
    // Empty text means "not given", which a new product's price may not be.
    requests: () =>
      poisonedBody(PRODUCT, { ...productPoisons, price: fc.oneof(refusedPrice, fc.constant('')) }).map(
        json('POST', '/api/products'),
      ),
  },
  {
    route: 'PATCH /api/products/:id',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene) =>
      fc.oneof(
        poisonedBody(PRODUCT, productPoisons).map(json('PATCH', `/api/products/${scene.productId}`)),
        fc.constantFrom({}, { _id: scene.productId, addedBy: 'someone' }).map((payload) => ({
          method: 'PATCH' as const,
          url: `/api/products/${scene.productId}`,
          payload,
        })),
        hostileSegment.map((id) => ({
          method: 'PATCH' as const,
          url: `/api/products/${asSegment(id)}`,
          payload: PRODUCT,
        })),
      ),
  },
  {
    route: 'DELETE /api/products/:id',
    callers: ['anonymous', 'owner', 'stranger'],
    requests: (scene, caller) =>
      fc.oneof(
        hostileSegment.map((id) => ({ method: 'DELETE' as const, url: `/api/products/${asSegment(id)}` })),
        unreadableBody({ confirm: true }).map(json('DELETE', `/api/products/${scene.productId}`)),
        // Someone else's product: refused whatever comes with it.
        ...(caller === 'stranger'
          ? [fc.constant({ method: 'DELETE' as const, url: `/api/products/${scene.productId}` })]
          : []),
      ),
  },
];
