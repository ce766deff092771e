import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { AboutPage } from '../features/about/about-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RegisterPage } from '../features/auth/register-page.tsx';
import { RequireSignIn } from '../features/auth/require-sign-in.tsx';
import { CartPage } from '../features/cart/cart-page.tsx';
import { CategoriesPage } from '../features/catalog/categories-page.tsx';
import { CategoryProductsPage } from '../features/catalog/category-products-page.tsx';
import { FlashSalePage } from '../features/catalog/flash-sale-page.tsx';
import { HomePage } from '../features/catalog/home-page.tsx';
import { NewProductsPage } from '../features/catalog/new-products-page.tsx';
import { OnlyForYouPage } from '../features/catalog/only-for-you-page.tsx';
import { ProductPage } from '../features/catalog/product-page.tsx';
import { ErrorPage } from './error-page.tsx';
import { StoreLayout } from './store-layout.tsx';

const dashboardPages: RouteObject[] = [
  { index: true, lazy: () => import('../features/dashboard/overview/overview-page.tsx') },
  { path: 'addorders', lazy: () => import('../features/dashboard/checkout/checkout-page.tsx') },
  { path: 'orders', lazy: () => import('../features/dashboard/orders/orders-page.tsx') },
  { path: 'add-products', lazy: () => import('../features/dashboard/products/add-product-page.tsx') },
  { path: 'products', lazy: () => import('../features/dashboard/products/products-page.tsx') },
  { path: 'edit-products/:id', lazy: () => import('../features/dashboard/products/edit-product-page.tsx') },
  { path: 'customers', lazy: () => import('../features/dashboard/customers/customers-page.tsx') },
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
        children: [
          { index: true, element: <HomePage /> },
          { path: 'product/:id', element: <ProductPage /> },
          { path: 'flash-sale', element: <FlashSalePage /> },
          { path: 'new-product-page', element: <NewProductsPage /> },
          { path: 'only-for-you', element: <OnlyForYouPage /> },
          { path: 'categories-all', element: <CategoriesPage /> },
          { path: 'search/:nameId', element: <CategoryProductsPage /> },
          { path: 'cart', element: <CartPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'about', element: <AboutPage /> },
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

export function AppRouter() {
  return <RouterProvider router={router} />;
}
