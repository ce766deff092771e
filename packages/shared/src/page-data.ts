// Without zod (types only), so that the web app reads it without loading the schemas.
import type { Product, ProductSort } from './products.ts';
import type { Seller } from './users.ts';

/**
 * The first answers a page needs, written by the server into the page's HTML (a JSON script element with this id),
 * so that the app shows them without asking: its largest paint no longer waits for the script and then a request.
 */
export const PAGE_DATA_ID = 'page-data';

/** How many products a page of a product list (search, category, seller) holds: the app's and the server's. */
export const PRODUCT_LIST_PAGE_SIZE = 24;

/** How many of the first cards' pictures a page's head fetches early: the first row of a phone's two columns. */
export const LEAD_CARD_PICTURES = 2;

/**
 * How wide a product card's picture is shown in the grids (`<img sizes>`): half a phone, a third of a small screen,
 * a sixth (or the dashboard's fifth) above. The server's preloads of the first cards say the same.
 */
export const CARD_PICTURE_SIZES =
  '(min-width: 1280px) 240px, (min-width: 768px) 20vw, (min-width: 640px) 33vw, 50vw';

/** The parameters of a product list the server may answer in a page: the list's own, without its page. */
export interface ListFilter {
  q?: string;
  seller?: string;
  sort: ProductSort;
}

/** What `/search?q=…` lists first, without any other choice: the words, by relevance (all products, newest). */
export const searchListFilter = (q: string): ListFilter =>
  q ? { q, sort: 'relevance' } : { sort: 'newest' };

/** What `/seller/{handle}` lists first, without any choice: the seller's products, newest first. */
export const sellerListFilter = (handle: string): ListFilter => ({ seller: handle, sort: 'newest' });

/** The first page of the list `filter`, as `GET /api/products?…&limit=PRODUCT_LIST_PAGE_SIZE&offset=0` answers. */
export interface FirstProductPage {
  filter: ListFilter;
  items: Product[];
  total: number;
  capped: boolean;
}

export interface PageData {
  /** A product page's product, as `GET /api/products/{id}` answers it. */
  product?: Product;
  products?: FirstProductPage;
  seller?: Seller;
}
