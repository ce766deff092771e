import {
  CARD_PICTURE_SIZES,
  LEAD_CARD_PICTURES,
  searchListFilter,
  sellerListFilter,
  type FirstProductPage,
  type ListFilter,
} from '@bazaar/shared/page-data';
import { payableCents } from '@bazaar/shared/pricing';
import { SEARCH_TEXT_MAX, type Product } from '@bazaar/shared/products';
import { PRODUCT_PICTURE_SIZES, uploadSrcSet } from '@bazaar/shared/uploads';
import type { Seller } from '@bazaar/shared/users';
import { AppError } from '../../errors/app-error.ts';
import { SHOP_NAME, shortDescription, type LeadPicture, type PageHead } from './page-head.ts';
import type { SeoRepository } from './seo.repository.ts';

/** The pages that read nothing from the database, by path: their names are the web app's titles. */
export const STATIC_PAGES: Record<string, Omit<PageHead, 'canonical'> & { inSitemap?: boolean }> = {
  '/flash-sale': {
    name: 'Flash Sale',
    description:
      'Flash sale deals at Bazaar: products from every category at their lowest prices, for a short time.',
    inSitemap: true,
  },
  '/new-product-page': {
    name: 'New Product',
    description: 'The newest products at Bazaar, as sellers add them.',
    inSitemap: true,
  },
  '/only-for-you': {
    name: 'Only For You',
    description: 'A fresh pick of products from across Bazaar, chosen for you.',
    inSitemap: true,
  },
  '/categories-all': {
    name: 'All Categories',
    description: 'Every category of Bazaar, from electronics to home and fashion.',
    inSitemap: true,
  },
  '/about': {
    name: 'About',
    description:
      'Bazaar is an online marketplace where shoppers find everyday goods at fair prices and anyone with an ' +
      'account can open a stall.',
    inSitemap: true,
  },
  '/cart': { name: 'Cart', description: 'Your Bazaar cart.', noindex: true },
  '/login': {
    name: 'Login',
    description: 'Sign in to Bazaar to check out and manage your shop.',
    noindex: true,
  },
  '/register': { name: 'Register', description: 'Create a Bazaar account to shop and sell.', noindex: true },
  '/forgot-password': { name: 'Forgot password', description: 'Reset your Bazaar password.', noindex: true },
  '/reset-password': {
    name: 'Choose a new password',
    description: 'Reset your Bazaar password.',
    noindex: true,
  },
  '/email-verified': {
    name: 'Confirm your e-mail',
    description: 'Confirm your Bazaar e-mail.',
    noindex: true,
  },
};

export const HOME_DESCRIPTION = 'Bazaar: an online shop for new products, flash sales and every category.';

const NOT_FOUND: PageHead = {
  name: 'Page not found',
  description: 'This page of Bazaar does not exist.',
  noindex: true,
};

/** undefined when `lookup` answers that its record does not exist. */
async function unlessNotFound<T>(lookup: Promise<T>): Promise<T | undefined> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

const listItem = (position: number, name: string, item: string) => ({
  '@type': 'ListItem',
  position,
  name,
  item,
});

export interface SeoReaders {
  /** A product as the API answers it; throws NOT_FOUND for an id that names none. */
  productOf(id: string): Promise<Product>;
  /** A seller's public page as the API answers it; throws NOT_FOUND for a handle that names none. */
  sellerOf(handle: string): Promise<Seller>;
  /** The first page of a product list as `GET /api/products` answers it; undefined for parameters it refuses. */
  firstPageOf(filter: ListFilter): Promise<Omit<FirstProductPage, 'filter'> | undefined>;
}

/** The first cards' pictures, as the cards show them. */
const cardPictures = (products: Product[]): LeadPicture[] =>
  products.slice(0, LEAD_CARD_PICTURES).map(({ mainImage }) => ({
    src: mainImage.url,
    srcset: uploadSrcSet(mainImage.url),
    sizes: CARD_PICTURE_SIZES,
  }));

/** The head of every page the server describes; `publicUrl` is PUBLIC_URL, which every address is built on. */
export function createSeoService(repository: SeoRepository, readers: SeoReaders, publicUrl: string) {
  const home = `${publicUrl}/`;
  const urlOf = (path: string) => publicUrl + path;
  /** A picture's absolute address: the shop's own are stored site-relative. */
  const absolute = (url: string) => {
    try {
      return new URL(url, home).href;
    } catch {
      return undefined;
    }
  };
  const categoryUrl = (name: string) => urlOf(`/search/${encodeURIComponent(name)}`);
  /** A page's link-preview card (`previewRoutes`): a JPEG every messenger shows, unlike the demo's SVG drawings. */
  const previewUrl = (path: string) => urlOf(`/previews/${path}.jpg`);
  /** The list `filter` opens with, written into the page with its first pictures fetched early. */
  const withList = async (head: PageHead, filter: ListFilter): Promise<PageHead> => {
    const page = await readers.firstPageOf(filter);
    if (!page) return head;
    return {
      ...head,
      leadPictures: cardPictures(page.items),
      data: { ...head.data, products: { filter, ...page } },
    };
  };

  return {
    absolute,
    urlOf,
    categoryUrl,
    notFound: NOT_FOUND,

    home(): PageHead {
      return {
        name: SHOP_NAME,
        title: SHOP_NAME,
        description: HOME_DESCRIPTION,
        canonical: home,
        image: previewUrl('shop'),
        jsonLd: [
          {
            '@type': 'Organization',
            '@id': `${home}#organization`,
            name: 'Bazaar',
            url: home,
            logo: urlOf('/favicon.svg'),
          },
          {
            '@type': 'WebSite',
            name: 'Bazaar',
            url: home,
            publisher: { '@id': `${home}#organization` },
            potentialAction: {
              '@type': 'SearchAction',
              target: { '@type': 'EntryPoint', urlTemplate: urlOf('/search?q={search_term_string}') },
              'query-input': 'required name=search_term_string',
            },
          },
        ],
      };
    },

    staticPage(path: string): PageHead {
      const { inSitemap: _inSitemap, ...page } = STATIC_PAGES[path]!;
      return { ...page, canonical: urlOf(path) };
    },

    /**
     * `/search?q=`; `withResults` (the page's own list, no filter nor sort chosen, words the search box could
     * have sent) adds its first page of results.
     */
    async search(query: unknown, withResults = false): Promise<PageHead> {
      const first = Array.isArray(query) ? (query[0] as unknown) : query;
      const words = typeof first === 'string' ? first.trim() : '';
      // No more than the search box takes.
      const q = words.slice(0, SEARCH_TEXT_MAX);
      const head: PageHead = q
        ? {
            name: `“${q}” — Search`,
            description: `Products matching “${q}” at Bazaar.`,
            canonical: urlOf(`/search?${new URLSearchParams({ q }).toString()}`),
            page: 'search',
          }
        : {
            name: 'Search',
            description: 'Search the products of Bazaar.',
            canonical: urlOf('/search'),
            page: 'search',
          };
      return withResults && q === words ? withList(head, searchListFilter(q)) : head;
    },

    async product(id: string): Promise<PageHead | undefined> {
      const product = await unlessNotFound(readers.productOf(id));
      if (!product) return undefined;
      const canonical = urlOf(`/product/${product._id}`);
      const price = (payableCents(product, 1) / 100).toFixed(2);
      const images = [product.mainImage.url, ...product.images.map((picture) => picture.url)]
        .map(absolute)
        .filter((url) => url !== undefined);
      const description = shortDescription(product.description) || `${product.name} for $${price} at Bazaar.`;
      const category = product.categories[0] && (await repository.categoryOfTag(product.categories[0]));
      const crumbs = [
        listItem(1, 'Home', home),
        ...(category ? [listItem(2, category.name, categoryUrl(category.name))] : []),
      ];
      crumbs.push(listItem(crumbs.length + 1, product.name, canonical));
      return {
        name: product.name,
        description,
        canonical,
        image: previewUrl(`products/${product._id}`),
        ogType: 'product',
        page: 'product',
        leadPictures: [
          {
            src: product.mainImage.url,
            srcset: uploadSrcSet(product.mainImage.url),
            sizes: PRODUCT_PICTURE_SIZES,
          },
        ],
        og: { 'product:price:amount': price, 'product:price:currency': 'USD' },
        data: { product },
        jsonLd: [
          {
            '@type': 'Product',
            name: product.name,
            description: product.description,
            sku: product._id,
            url: canonical,
            image: images,
            ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
            ...(product.categories.length > 0 ? { category: product.categories.join(', ') } : {}),
            offers: {
              '@type': 'Offer',
              url: canonical,
              price,
              priceCurrency: 'USD',
              // Stock the seller does not count never runs out.
              availability:
                product.stock === 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
              seller: {
                '@type': 'Person',
                name: product.seller.name,
                url: urlOf(`/seller/${product.seller.handle}`),
              },
            },
            ...(product.reviews_count > 0
              ? {
                  aggregateRating: {
                    '@type': 'AggregateRating',
                    ratingValue: product.ratings,
                    reviewCount: product.reviews_count,
                    bestRating: 5,
                    worstRating: 1,
                  },
                }
              : {}),
          },
          { '@type': 'BreadcrumbList', itemListElement: crumbs },
        ],
      };
    },

    /** A category route value is any text (the web lists products whose tags it contains), never a 404. */
    async category(nameId: string): Promise<PageHead> {
      const category = await repository.categoryNamed(nameId);
      const name = category?.name ?? nameId;
      const canonical = categoryUrl(name);
      return {
        name: nameId,
        description: `${nameId} at Bazaar: shop the ${nameId} category, newest first.`,
        canonical,
        image: category && previewUrl(`categories/${encodeURIComponent(category.name)}`),
        page: 'category',
        jsonLd: [
          {
            '@type': 'BreadcrumbList',
            itemListElement: [listItem(1, 'Home', home), listItem(2, name, canonical)],
          },
        ],
      };
    },

    /** A seller's page with their facts; `withProducts` (no filter nor sort chosen) adds their first products. */
    async seller(handle: string, withProducts = false): Promise<PageHead | undefined> {
      const seller = await unlessNotFound(readers.sellerOf(handle));
      if (!seller) return undefined;
      const products = `${seller.productCount.toLocaleString('en-US')} ${seller.productCount === 1 ? 'product' : 'products'}`;
      const rating =
        seller.rating === null
          ? ''
          : `, rated ${seller.rating.toFixed(1)} of 5 in ${seller.reviewsCount} reviews`;
      const head: PageHead = {
        name: seller.name,
        description: `${seller.name} sells on Bazaar: ${products}${rating}.`,
        canonical: urlOf(`/seller/${seller.handle}`),
        image: previewUrl(`sellers/${seller.handle}`),
        page: 'seller',
        data: { seller },
      };
      return withProducts ? withList(head, sellerListFilter(seller.handle)) : head;
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
