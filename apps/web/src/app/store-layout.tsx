import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** The router's loading indicator: a bar along the top while the next page's code loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-teal-600"
    />
  );
}

export function StoreLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900">
      <NavigationProgress />
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so pages that load their content never push it. */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-6 outline-none"
      >
        <Outlet />
      </main>
      <Footer />
      {/* New pages start at the top; links with a #hash scroll to their section. */}
      <ScrollRestoration />
    </div>
  );
}
