import { useSearchParams } from 'react-router';
import { PagedList } from '../../../components/paged-list.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useModeratedReviews } from './api/get-moderated-reviews.ts';
import { ModeratedReview } from './moderated-review.tsx';

/** The admins' reviews: every review newest first, the suspicious ones flagged, each to hide or show again. */
export function Component() {
  // In the address, so that a reload or Back shows the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const flagged = searchParams.get('flagged') === 'true';
  const reviews = useModeratedReviews(flagged);

  return (
    <section aria-labelledby="reviews-title" className="flex flex-col gap-4">
      <PageTitle name="Reviews" />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="reviews-title" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            Reviews
          </h1>
          <p className="text-gray-600">
            Flagged: the writer signed up from the seller’s address. That proves no fraud (a shared home or
            office network does the same): read the review, then decide.
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-gray-700">
          Show
          <select
            value={flagged ? 'flagged' : 'all'}
            onChange={(event) =>
              setSearchParams(event.target.value === 'flagged' ? { flagged: 'true' } : {}, { replace: true })
            }
            className="rounded-lg border border-gray-300 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            <option value="all">All reviews</option>
            <option value="flagged">Flagged only</option>
          </select>
        </label>
      </header>
      <PagedList
        list={reviews}
        noun="reviews"
        emptyTitle={flagged ? 'No Flagged Reviews' : 'No Reviews Yet'}
        className="flex flex-col gap-4"
      >
        {(items) => items.map((review) => <ModeratedReview key={review._id} review={review} />)}
      </PagedList>
    </section>
  );
}
