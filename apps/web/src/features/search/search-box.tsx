import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_TEXT_MAX } from '@bazaar/shared/products-constants';
import { searchPageOf } from './search-page-of.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

// The panel's code loads when the shopper first focuses the box, not with every page.
const loadSearchResults = () => import('./search-results.tsx');
const SearchResults = lazy(() => loadSearchResults().then((module) => ({ default: module.SearchResults })));

const DEBOUNCE_MS = 250;

/**
 * The header's product search: typing opens the Search Results panel under the header, Enter opens the results
 * page. Escape, a click elsewhere or opening a page closes the panel; typing or clicking in the box reopens it.
 */
export function SearchBox({
  className = '',
  label = 'Search products',
}: {
  className?: string;
  label?: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const resultsId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // On the results page the box shows its words, also after Back or a shared link; on any other page it is empty:
  // opening a page puts the box back to the page's words, whatever was typed or searched before.
  const pageWords =
    location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const page = location.pathname + location.search;
  const [text, setText] = useState(pageWords);
  const [shownPage, setShownPage] = useState(page);
  if (page !== shownPage) {
    setShownPage(page);
    setText(pageWords);
  }
  // The panel belongs to the page it was opened on, so every navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const open = openOn === location.key && text.trim() !== '' && query !== '';

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      setOpenOn(null);
      inputRef.current?.focus();
    } else if (event.key === 'ArrowDown' && event.target === inputRef.current) {
      const first = containerRef.current?.querySelector<HTMLAnchorElement>(`[id="${resultsId}"] a`);
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  return (
    <div ref={containerRef} onKeyDown={onKeyDown} className={className}>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() !== '') void navigate(searchPageOf(text));
        }}
        className="relative"
      >
        <label htmlFor={`${resultsId}-input`} className="sr-only">
          {label}
        </label>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-500"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          id={`${resultsId}-input`}
          type="search"
          value={text}
          maxLength={SEARCH_TEXT_MAX}
          placeholder="Search products…"
          autoComplete="off"
          aria-controls={open ? resultsId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setOpenOn(location.key);
          }}
          onClick={() => setOpenOn(location.key)}
          onFocus={() => void loadSearchResults()}
          className="w-full rounded-full border border-gray-300 bg-gray-50 py-2 pr-4 pl-10 text-gray-900 outline-none transition placeholder:text-gray-500 focus:border-teal-600 focus:bg-white focus:ring-2 focus:ring-teal-600/30"
        />
      </form>
      <Suspense>{open && <SearchResults id={resultsId} text={query} />}</Suspense>
    </div>
  );
}
