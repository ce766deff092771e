import { useSearchParams } from 'react-router';
import { PagedList } from '../../../components/paged-list.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useViewer } from '../../auth/public.ts';
import { ReviewItem } from '../../reviews/public.ts';
import { useModeratedReviews } from './api/get-moderated-reviews.ts';
import { useSellerReviews } from './api/get-seller-reviews.ts';
import { ModeratedReview } from './moderated-review.tsx';

const VIEWS = { mine: 'Your products’ reviews', all: 'All reviews', flagged: 'Flagged only' } as const;
type View = keyof typeof VIEWS;

/** The reviews of the seller's products, those awaiting a reply first, each to reply to or to change the reply of. */
function SellerReviews() {
  const reviews = useSellerReviews();
  return (
    <PagedList list={reviews} noun="reviews" emptyTitle="No Reviews Yet" className="flex flex-col gap-4">
      {(items) => (
        <ol className="flex flex-col gap-4">
          {items.map((review) => (
            <li key={review._id}>
              <ReviewItem review={review} productId={review.product._id} product={review.product} canReply />
            </li>
          ))}
        </ol>
      )}
    </PagedList>
  );
}

/** The admins' list: every review newest first, or the flagged ones, each to hide or show again. */
function ModeratedReviews({ flagged }: { flagged: boolean }) {
  const reviews = useModeratedReviews(flagged);
  return (
    <PagedList
      list={reviews}
      noun="reviews"
      emptyTitle={flagged ? 'No Flagged Reviews' : 'No Reviews Yet'}
      className="flex flex-col gap-4"
    >
      {(items) => items.map((review) => <ModeratedReview key={review._id} review={review} />)}
    </PagedList>
  );
}

/**
 * Reviews: a seller's of their own products; an admin may also moderate every review, or the flagged ones.
 */
export function Component() {
  const { isAdmin } = useViewer();
  // In the address, so that a reload or Back shows the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const shown = searchParams.get('show');
  const view: View = isAdmin && (shown === 'all' || shown === 'flagged') ? shown : 'mine';

  return (
    <section aria-labelledby="reviews-title" className="flex flex-col gap-4">
      <PageTitle name="Reviews" />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="reviews-title" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            Reviews
          </h1>
          <p className="text-gray-600">
            {view === 'mine'
              ? 'What buyers said of your products, those awaiting your reply first.'
              : 'Flagged: the writer signed up from the seller’s address. That proves no fraud (a shared home or office network does the same): read the review, then decide.'}
          </p>
        </div>
        {isAdmin && (
          <label className="flex items-center gap-2 text-sm font-medium text-gray-700">
            Show
            <select
              value={view}
              onChange={(event) =>
                setSearchParams(event.target.value === 'mine' ? {} : { show: event.target.value }, {
                  replace: true,
                })
              }
              className="rounded-lg border border-gray-300 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              {Object.entries(VIEWS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        )}
      </header>
      {view === 'mine' ? <SellerReviews /> : <ModeratedReviews flagged={view === 'flagged'} />}
    </section>
  );
}
