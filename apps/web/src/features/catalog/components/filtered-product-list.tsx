import type { Product } from '@bazaar/shared/products';
// The facets' FACET_COUNT_MAX is this cap; read from here, it keeps the schemas (zod) out of the page's code.
import { SEARCH_COUNT_MAX } from '@bazaar/shared/pagination-constants';
import { useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, textLinkClass } from '../../../components/button.tsx';
import { CloseIcon } from '../../../components/close-icon.tsx';
import { ProductGrid } from '../../../components/product-grid.tsx';
import { useProductFacets } from '../api/get-product-facets.ts';
import {
  activeFilters,
  apiFilterOf,
  defaultSort,
  filtersFromSearch,
  searchOfFilters,
  SORT_CHOICES,
  withoutFilters,
  type FiltersChange,
  type ProductFilters,
} from '../product-filters.ts';
import { FacetGroups } from './facet-groups.tsx';
import { FiltersDrawer } from './filters-drawer.tsx';
import { InfiniteProductList } from './infinite-product-list.tsx';

/** What the page itself narrows to, whatever the shopper picks: a category's or a seller's products. */
export interface ListScope {
  category?: string;
  seller?: string;
}

const hrefOf = (filters: ProductFilters) => ({ search: `?${searchOfFilters(filters).toString()}` });

const resultsText = (total: number, atLeast: boolean) =>
  `${total.toLocaleString('en-US')}${atLeast ? '+' : ''} ${total === 1 && !atLeast ? 'result' : 'results'}`;

/** The filters `search` holds; a category's page is that category's, so a category in its URL is not another. */
function scopedFilters(search: URLSearchParams, pageCategory: string | undefined): ProductFilters {
  const read = filtersFromSearch(search);
  return pageCategory ? { ...read, category: undefined } : read;
}

/** The page's filters from its URL, and `apply` to change them (a new history entry, so Back undoes it). */
function useUrlFilters(scope: ListScope) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => scopedFilters(searchParams, scope.category), [searchParams, scope.category]);
  // The router renders a new URL in a transition, which a busy page may not have shown before the next click:
  // a change starts from the address bar's URL, not from the filters this render shows.
  const apply = (change: FiltersChange) =>
    setSearchParams(
      searchOfFilters(change(scopedFilters(new URLSearchParams(window.location.search), scope.category))),
      {
        preventScrollReset: true,
      },
    );
  return { filters, apply };
}

function SortMenu({ filters, apply }: { filters: ProductFilters; apply: (change: FiltersChange) => void }) {
  const id = useId();
  const choices = SORT_CHOICES.filter((choice) => choice.value !== 'relevance' || filters.q);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-gray-800">
        Sort by
      </label>
      <select
        id={id}
        value={filters.sort ?? defaultSort(filters)}
        onChange={(event) =>
          apply((current) => ({
            ...current,
            sort: choices.find((choice) => choice.value === event.target.value)?.value,
          }))
        }
        className="rounded-lg border border-gray-300 bg-white py-1.5 pr-8 pl-3 text-sm text-gray-900 outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30"
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function FilterChips({
  filters,
  apply,
}: {
  filters: ProductFilters;
  apply: (change: FiltersChange) => void;
}) {
  const active = activeFilters(filters);
  if (active.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {active.map((filter) => (
        <li key={filter.key}>
          <button
            type="button"
            onClick={() => apply(filter.without)}
            aria-label={`Remove ${filter.label}`}
            className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-teal-50 px-3 py-1 text-sm font-medium break-all text-teal-900 ring-1 ring-teal-200 hover:bg-teal-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
          >
            {filter.label}
            <CloseIcon className="size-4" />
          </button>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={() => apply(withoutFilters)}
          className="px-1 text-sm font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          Clear all
        </button>
      </li>
    </ul>
  );
}

/** What an empty list suggests: dropping one of the filters, or, with none, other words. */
function EmptyHint({ filters }: { filters: ProductFilters }) {
  const active = activeFilters(filters);
  if (active.length === 0) return filters.q ? <p>Check the spelling, or try fewer or other words.</p> : null;
  return (
    <div className="flex flex-col items-center gap-2">
      <p>Try without one of them:</p>
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
        {active.map((filter) => (
          <li key={filter.key}>
            <Link to={hrefOf(filter.without(filters))} preventScrollReset className={textLinkClass}>
              {filter.key === 'category' ? 'Search all categories' : `Without ${filter.label}`}
            </Link>
          </li>
        ))}
        {active.length > 1 && (
          <li>
            <Link to={hrefOf(withoutFilters(filters))} preventScrollReset className={textLinkClass}>
              Clear all filters
            </Link>
          </li>
        )}
      </ul>
    </div>
  );
}

function emptyTitleOf(filters: ProductFilters, fallback: string): string {
  if (activeFilters(filters).length > 0) return 'No products match these filters';
  return filters.q ? `Nothing matched “${filters.q}”` : fallback;
}

// Beside the filters the grid has less room than a full-width list's six columns. It opens its page: its first
// pictures are the page's largest paint.
const gridBesideFilters = (products: readonly Product[]) => (
  <ProductGrid products={products} headingLevel={3} besideFilters leadPictures />
);

/**
 * A product list with its facets (a sidebar on wide screens, a drawer on phones), a sort menu and chips for the
 * active filters, every choice in the URL. `scope` fixes what the page is about (a category, a seller).
 */
export function FilteredProductList({
  scope = {},
  emptyTitle = 'No products found',
}: {
  scope?: ListScope;
  emptyTitle?: string;
}) {
  const { filters, apply } = useUrlFilters(scope);
  const filter = { ...apiFilterOf(filters), ...scope };
  const facetsQuery = useProductFacets(filter);
  const facets = facetsQuery.data;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const activeCount = activeFilters(filters).length;
  // The previous choice's counts stay in the sidebar while the next ones load; its total would name the wrong list.
  const count =
    facets &&
    !facetsQuery.isPlaceholderData &&
    resultsText(facets.total, facets.capped && facets.total >= SEARCH_COUNT_MAX);
  const groups = facets && (
    <FacetGroups facets={facets} filters={filters} apply={apply} withCategories={!scope.category} />
  );

  function closeDrawer() {
    setDrawerOpen(false);
    filtersButton.current?.focus();
  }

  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
      <aside aria-labelledby={headingId} className="hidden lg:block">
        <h2 id={headingId} className="mb-3 text-lg font-semibold text-gray-900">
          Filters
        </h2>
        {groups}
      </aside>
      <section aria-labelledby={`${headingId}-results`} className="flex min-w-0 flex-col gap-4">
        <h2 id={`${headingId}-results`} className="sr-only">
          Results
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* Its own line on narrow screens, there before the count arrives: nothing below moves when it does. */}
          <p aria-live="polite" aria-atomic="true" className="min-h-5 w-full text-sm text-gray-800 lg:w-auto">
            <span className="font-semibold">{count}</span>
            {count && facets.capped && (
              <span className="ml-2 text-xs text-gray-600">
                Counts from the newest {SEARCH_COUNT_MAX.toLocaleString('en-US')} matches
              </span>
            )}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              ref={filtersButton}
              variant="secondary"
              size="sm"
              aria-haspopup="dialog"
              onClick={() => setDrawerOpen(true)}
              className="lg:hidden"
            >
              {activeCount > 0 ? `Filters (${activeCount})` : 'Filters'}
            </Button>
            <SortMenu filters={filters} apply={apply} />
          </div>
        </div>
        <FilterChips filters={filters} apply={apply} />
        <InfiniteProductList
          filter={{ ...filter, sort: filters.sort ?? defaultSort(filters) }}
          emptyTitle={emptyTitleOf(filters, emptyTitle)}
          emptyHint={<EmptyHint filters={filters} />}
          renderGrid={gridBesideFilters}
        />
      </section>
      <FiltersDrawer
        open={drawerOpen}
        onClose={closeDrawer}
        showLabel={count ? `Show ${count}` : 'Show results'}
      >
        {groups}
      </FiltersDrawer>
    </div>
  );
}
