import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { Loader } from '../components/loader.tsx';
import { RequireSignIn } from '../features/auth/require-sign-in.tsx';
import { HomePage } from '../features/catalog/home-page.tsx';
import { productQuery } from '../lib/product-query.ts';
import { ErrorPage } from './error-page.tsx';
import { queryClient } from './query-client.ts';
import { StoreLayout } from './store-layout.tsx';

const dashboardPages: RouteObject[] = [
  { index: true, lazy: () => import('../features/dashboard/overview/overview-page.tsx') },
  { path: 'orders', lazy: () => import('../features/dashboard/orders/orders-page.tsx') },
  // An order's own page: the buyer's whole order, or a seller's part of it under Sales (the server decides).
  { path: 'orders/:number', lazy: () => import('../features/dashboard/orders/order-page.tsx') },
  { path: 'add-products', lazy: () => import('../features/dashboard/products/add-product-page.tsx') },
  { path: 'products', lazy: () => import('../features/dashboard/products/products-page.tsx') },
  { path: 'edit-products/:id', lazy: () => import('../features/dashboard/products/edit-product-page.tsx') },
  { path: 'sales', lazy: () => import('../features/dashboard/sales/sales-page.tsx') },
  { path: 'sales/:number', lazy: () => import('../features/dashboard/orders/order-page.tsx') },
  { path: 'customers', lazy: () => import('../features/dashboard/customers/customers-page.tsx') },
  { path: 'reviews', lazy: () => import('../features/dashboard/reviews/reviews-page.tsx') },
  { path: 'payments', lazy: () => import('../features/dashboard/payments/payments-page.tsx') },
  { path: 'earnings', lazy: () => import('../features/dashboard/earnings/earnings-page.tsx') },
  { path: 'balances', lazy: () => import('../features/dashboard/earnings/balances-page.tsx') },
  { path: 'profile', lazy: () => import('../features/dashboard/profile/profile-page.tsx') },
  { path: '*', element: <ErrorPage /> },
];

const router = createBrowserRouter([
  {
    path: '/',
    element: <StoreLayout />,
    // Catches errors of the layout itself; page errors are caught below and keep the header.
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        // Opening the shop on a lazily loaded page: the header shows at once, a loader until the page's code is in.
        hydrateFallbackElement: <Loader />,
        children: [
          // The home page is the landing page and ships in the entry chunk; every other page loads its own.
          { index: true, element: <HomePage /> },
          {
            path: 'product/:id',
            // Starts fetching the product while the page's code loads; not awaited: the page shows its loader.
            loader: ({ params }) => {
              void queryClient.prefetchQuery(productQuery(params.id ?? ''));
              return null;
            },
            lazy: () => import('../features/catalog/product-page.tsx'),
          },
          { path: 'seller/:handle', lazy: () => import('../features/sellers/seller-page.tsx') },
          { path: 'flash-sale', lazy: () => import('../features/catalog/flash-sale-page.tsx') },
          { path: 'new-product-page', lazy: () => import('../features/catalog/new-products-page.tsx') },
          { path: 'only-for-you', lazy: () => import('../features/catalog/only-for-you-page.tsx') },
          { path: 'categories-all', lazy: () => import('../features/catalog/categories-page.tsx') },
          // The results of the words in ?q=; a category's products are search/:nameId (the spec's route).
          { path: 'search', lazy: () => import('../features/search/search-page.tsx') },
          { path: 'search/:nameId', lazy: () => import('../features/catalog/category-products-page.tsx') },
          { path: 'cart', lazy: () => import('../features/cart/cart-page.tsx') },
          { path: 'login', lazy: () => import('../features/auth/login-page.tsx') },
          { path: 'register', lazy: () => import('../features/auth/register-page.tsx') },
          { path: 'forgot-password', lazy: () => import('../features/auth/forgot-password-page.tsx') },
          { path: 'reset-password', lazy: () => import('../features/auth/reset-password-page.tsx') },
          { path: 'email-verified', lazy: () => import('../features/auth/email-verified-page.tsx') },
          { path: 'about', lazy: () => import('../features/about/about-page.tsx') },
          {
            // The checkout keeps the spec's address but is the buyer's page: the shop's header, no seller's menu.
            path: 'dashboard/addorders',
            element: <RequireSignIn purpose="checkout" />,
            children: [
              { index: true, lazy: () => import('../features/dashboard/checkout/checkout-page.tsx') },
            ],
          },
          {
            path: 'dashboard',
            element: <RequireSignIn />,
            // Each dashboard page's code loads only when a signed-in user opens it.
            children: [
              { lazy: () => import('../features/dashboard/dashboard-layout.tsx'), children: dashboardPages },
            ],
          },
          { path: '*', element: <ErrorPage /> },
        ],
      },
    ],
  },
]);

/** Resolves once the router has the code of the page the shop opened on: from then on it renders that page. */
export const firstPageReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    resolve();
  });
});

/** Calls `listener` whenever the shop shows another page (a new path, not only a new search or hash). */
export function onPageChange(listener: () => void): () => void {
  let pathname = router.state.location.pathname;
  return router.subscribe(({ location }) => {
    if (location.pathname === pathname) return;
    pathname = location.pathname;
    listener();
  });
}

export function AppRouter() {
  return <RouterProvider router={router} />;
}
