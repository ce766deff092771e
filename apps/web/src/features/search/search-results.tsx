import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { textLinkClass } from '../../components/button.tsx';
import { Loader } from '../../components/loader.tsx';
import { Picture } from '../../components/picture.tsx';
import { Price } from '../../components/price.tsx';
import { SEARCH_PAGE_SIZE, useProductSearch } from './api/search-products.ts';
import { searchPageOf } from './search-page-of.ts';

function countText(total: number, capped: boolean): string {
  if (capped) return `${total.toLocaleString('en')}+ products`;
  return `${total.toLocaleString('en')} ${total === 1 ? 'product' : 'products'}`;
}

/** Moves focus between result links with the arrow keys (Tab works too). */
function moveFocus(event: KeyboardEvent<HTMLUListElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = [...event.currentTarget.querySelectorAll('a')];
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = links[index + (event.key === 'ArrowDown' ? 1 : -1)];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

export function SearchResults({ id, text }: { id: string; text: string }) {
  const search = useProductSearch(text);

  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="absolute inset-x-0 top-full z-40 max-h-[calc(100vh-8rem)] overflow-y-auto border-b border-gray-200 bg-white shadow-xl"
    >
      <div className="mx-auto max-w-7xl px-4 py-5">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 id={`${id}-heading`} className="text-lg font-bold text-gray-900">
            Search Results
          </h2>
          <p aria-live="polite" className="text-sm text-gray-600">
            {search.data && (
              <>
                <span className="font-semibold text-teal-800">
                  {countText(search.data.total, search.data.capped)}
                </span>{' '}
                for “{text}”
              </>
            )}
            {search.isPlaceholderData && <span className="ml-2 text-gray-500">Updating…</span>}
          </p>
        </div>

        {search.isPending && <Loader label="Searching…" />}
        {search.isError && (
          <p role="alert" className="py-6 text-rose-700">
            The search failed: {search.error.message}{' '}
            <button type="button" onClick={() => void search.refetch()} className="font-semibold underline">
              Try again
            </button>
          </p>
        )}
        {search.data?.total === 0 && (
          <p className="py-6 text-gray-600">Nothing matched “{text}”. Try another word.</p>
        )}
        {search.data && search.data.items.length > 0 && (
          <>
            <ul
              onKeyDown={moveFocus}
              className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
            >
              {search.data.items.map((product) => (
                <li key={product._id}>
                  <Link
                    to={`/product/${product._id}`}
                    className="flex items-center gap-3 rounded-xl border border-gray-200 p-2 transition hover:border-teal-300 hover:bg-teal-50/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
                  >
                    <Picture
                      src={product.mainImage.url}
                      alt=""
                      sizes="56px"
                      width={56}
                      height={56}
                      loading="lazy"
                      className="size-14 shrink-0 rounded-lg bg-gray-100 object-cover"
                    />
                    <div className="min-w-0">
                      <p className="truncate font-medium text-gray-900">{product.name}</p>
                      <Price price={product.price} discount={product.discount} className="text-sm" />
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2 text-sm">
              {search.data.total > SEARCH_PAGE_SIZE && (
                <p className="text-gray-600">
                  Showing the first {search.data.items.length}: type more words to narrow the search.
                </p>
              )}
              <Link to={searchPageOf(text)} className={`${textLinkClass} font-semibold`}>
                See all results
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
