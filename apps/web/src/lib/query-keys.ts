import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CategoryListQuery } from '@bazaar/shared/categories';
import type { OrderStatus } from '@bazaar/shared/orders-constants';
import type { CardPaymentListQuery, PaymentClaimListQuery, RefundListQuery } from '@bazaar/shared/payments';
import type { ProductFilterQuery, ProductListQuery } from '@bazaar/shared/products';

const products = ['products'] as const;
const productLists = [...products, 'lists'] as const;
const orders = ['orders'] as const;
const sales = ['sales'] as const;
const users = ['users'] as const;
const categories = ['categories'] as const;
const sellers = ['sellers'] as const;
const reviews = ['reviews'] as const;
const payments = ['payments'] as const;

/**
 * Every key of the query cache, built here only. A child key starts with its parent's, so invalidating a
 * parent reaches all its children: `products.all` every product answer, `products.lists` the lists but not
 * the single products (a product write sets its own product from the server's answer).
 */
export const queryKeys = {
  session: ['session'],
  /** The signed-in account's ways to sign in: a child of the session, refetched with it. */
  signInMethods: ['session', 'sign-in-methods'],
  config: ['config'],
  /** The address a confirmation link confirms, by the link's token. */
  emailToConfirm: (token: string) => ['email-to-confirm', token] as const,
  categories: {
    all: categories,
    list: (params: Partial<CategoryListQuery>) => [...categories, params] as const,
  },
  products: {
    all: products,
    /** Storefront blocks, paged lists and searches. */
    lists: productLists,
    list: (params: Partial<ProductListQuery>) => [...productLists, 'list', params] as const,
    pages: (filter: Partial<ProductListQuery>) => [...productLists, 'pages', filter] as const,
    search: (text: string) => [...productLists, 'search', text] as const,
    /** The counts beside a list: a catalog write changes them as it changes the lists. */
    facets: (filter: Partial<ProductFilterQuery>) => [...productLists, 'facets', filter] as const,
    detail: (id: string) => [...products, 'detail', id] as const,
  },
  /** Sellers' public pages; their product lists are `products.pages({ seller })`. */
  sellers: {
    all: sellers,
    detail: (handle: string) => [...sellers, 'detail', handle] as const,
  },
  /** Each product's reviews and whether the viewer may write one, under the product's key. */
  reviews: {
    all: reviews,
    ofProduct: (productId: string) => [...reviews, productId] as const,
    pages: (productId: string) => [...reviews, productId, 'pages'] as const,
    eligibility: (productId: string) => [...reviews, productId, 'eligibility'] as const,
    /** The reviews of the viewer's products, those waiting for a reply first. */
    ofSeller: [...reviews, 'seller'],
    /** The admins' list of every review, or of the flagged ones. */
    moderation: (flagged: boolean) => [...reviews, 'moderation', { flagged }] as const,
  },
  orders: {
    all: orders,
    pages: [...orders, 'pages'],
    /** One order's page, by its number in capitals: the buyer's whole order, or a seller's part of it. */
    byNumber: (number: string) => [...orders, 'number', number] as const,
  },
  /** The viewer's sales (orders holding their products): the Sales page's, by status, and by customer. */
  sales: {
    all: sales,
    list: (status: OrderStatus | undefined) => [...sales, 'list', { status }] as const,
    ofCustomer: (handle: string) => [...sales, handle] as const,
  },
  /** The admins' Payments page: claims and refunds by status; the shop's receiving numbers apart (no decision changes them). */
  payments: {
    all: payments,
    claims: (status: PaymentClaimListQuery['status']) => [...payments, 'claims', status] as const,
    refunds: (status: RefundListQuery['status']) => [...payments, 'refunds', status] as const,
    cards: (status: CardPaymentListQuery['status']) => [...payments, 'cards', status] as const,
  },
  paymentSettings: ['payment-settings'],
  /** A seller's ledger (the viewer's, or one an admin names) and the admins' list of every seller's balance. */
  earnings: {
    all: ['earnings'],
    ofSeller: (seller: string | undefined) => ['earnings', 'seller', seller ?? null] as const,
    balances: ['earnings', 'balances'],
  },
  overview: ['stats', 'overview'],
  users: {
    all: users,
    profile: (email: string) => [...users, 'profile', email] as const,
    /** The customers page: every user for an admin, the buyers of the viewer's products otherwise. */
    customers: [...users, 'customers'],
  },
} as const;

/** Marks every query under `keys` stale and refetches those on screen; resolves once these are fresh. */
export async function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
