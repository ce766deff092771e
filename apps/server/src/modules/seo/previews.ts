import { createHash } from 'node:crypto';
import { sellerListFilter } from '@bazaar/shared/page-data';
import { createByteLru } from '../../lib/byte-lru.ts';
import { notFound } from '../../errors/app-error.ts';
import { renderPictureCard, renderShopCard } from './preview-cards.ts';
import type { SeoReaders } from './seo.service.ts';
import type { SeoRepository } from './seo.repository.ts';

/** Rendered cards kept in memory: about 150 of them. */
const KEPT_BYTES = 16 * 1024 * 1024;
/** A seller's card shows their newest products' pictures, at most this many. */
const SELLER_PICTURES = 3;
/** Changed when the cards are drawn otherwise, so that no client keeps an old one by its ETag. */
const CARD_VERSION = '1';

export interface PreviewCard {
  etag: string;
  /** The card's JPEG, rendered once per set of pictures. */
  bytes(): Promise<Buffer>;
}

/** The pictures a link preview shows of a page: `[]` is the shop's own card. */
type Sources = string[];

/**
 * The link-preview cards of the pages that have one (`/previews/…`): JPEGs of 1200 × 630, which every messenger and
 * social site shows, drawn from the page's pictures (SVG drawings or uploads). A card is a pure function of its
 * pictures' URLs, which name pictures that never change (an upload's id, a drawing's slug): its ETag is their hash,
 * known before anything is rendered. `readPicture` reads one of the shop's own pictures; a picture pasted from
 * elsewhere is never fetched (the server makes no outbound calls) and the card falls back to the shop's.
 */
export function createPreviews({
  readers,
  repository,
  readPicture,
  tagline,
}: {
  readers: SeoReaders;
  repository: SeoRepository;
  readPicture: (url: string) => Promise<Buffer | undefined>;
  tagline: string;
}) {
  const kept = createByteLru<Buffer>(KEPT_BYTES);
  const rendering = new Map<string, Promise<Buffer>>();

  async function render(sources: Sources): Promise<Buffer> {
    const pictures = (await Promise.all(sources.map(readPicture))).filter((bytes) => bytes !== undefined);
    return pictures.length > 0 ? renderPictureCard(pictures) : renderShopCard(tagline);
  }

  /** One rendering per card at a time, however many crawlers ask at once. */
  function bytesOf(key: string, sources: Sources): Promise<Buffer> {
    const hit = kept.get(key);
    if (hit) return Promise.resolve(hit);
    let pending = rendering.get(key);
    if (!pending) {
      pending = render(sources)
        .then((bytes) => {
          kept.set(key, bytes, bytes.byteLength);
          return bytes;
        })
        .finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  const cardOf = (sources: Sources): PreviewCard => {
    const key = JSON.stringify(sources);
    const hash = createHash('sha256').update(CARD_VERSION).update(key).digest('base64url');
    return { etag: `"${hash.slice(0, 27)}"`, bytes: () => bytesOf(key, sources) };
  };

  return {
    shop: () => cardOf([]),

    async product(id: string): Promise<PreviewCard> {
      const product = await readers.productOf(id);
      return cardOf([product.mainImage.url]);
    },

    async seller(handle: string): Promise<PreviewCard> {
      const seller = await readers.sellerOf(handle);
      const page = await readers.firstPageOf(sellerListFilter(seller.handle));
      const items = page?.items.slice(0, SELLER_PICTURES) ?? [];
      return cardOf(items.map((product) => product.mainImage.url));
    },

    async category(name: string): Promise<PreviewCard> {
      const category = await repository.categoryNamed(name);
      if (!category) throw notFound('Category');
      return cardOf([category.imageUrl]);
    },
  };
}

export type Previews = ReturnType<typeof createPreviews>;
