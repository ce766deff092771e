import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ApiRequestError } from '../lib/api-client.ts';
import { buttonClass } from '../components/button.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { SearchBox } from '../features/search/search-box.tsx';

function describe(error: unknown): { status: number; message: string } {
  // Rendered by the catch-all route there is no error (null): the path matched nothing.
  if (error == null) return { status: 404, message: 'This page does not exist.' };
  if (isRouteErrorResponse(error)) {
    return { status: error.status, message: error.statusText || 'This page could not be shown.' };
  }
  if (error instanceof ApiRequestError) return { status: error.status, message: error.message };
  return { status: 500, message: error instanceof Error ? error.message : 'Something went wrong.' };
}

export function ErrorPage() {
  const { status, message } = describe(useRouteError());
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <PageTitle name={status === 404 ? 'Page not found' : 'Error'} />
      <h1 className="text-3xl font-bold">Error</h1>
      <p className="text-6xl font-extrabold text-teal-700">{status}</p>
      <p className="text-gray-600">{message}</p>
      <Link to="/" className={buttonClass()}>
        HomePage
      </Link>
      {/* A lost visitor's next step: look for what they came for. */}
      <div className="relative mt-4 w-full text-left">
        <p className="mb-2 text-center text-gray-700">Or search the shop for what you were looking for:</p>
        <SearchBox label="Search the shop" />
      </div>
    </section>
  );
}
