import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';
import { NewestProducts } from '../features/catalog/newest-products.tsx';
import { ErrorPage } from './error-page.tsx';

function RootLayout() {
  return (
    <div className="min-h-screen bg-gray-50 text-gray-900">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-4">
          <Link to="/" className="text-2xl font-bold text-teal-700">
            Bazaar
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}

const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    // Catches errors of the layout itself; page errors are caught below and keep the header.
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <NewestProducts /> },
          { path: '*', element: <ErrorPage /> },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
