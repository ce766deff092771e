import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import type { AdminReview } from '@bazaar/shared/reviews';
import { Button, textLinkClass } from '../../../components/button.tsx';
import { Stars } from '../../../components/stars.tsx';
import { useUnhideReview } from './api/unhide-review.ts';
import { HideReviewForm } from './hide-review-form.tsx';

const dayOf = (isoDate: string) =>
  new Date(isoDate).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** One review as an admin moderates it: who wrote it about whose product, the flag, and Hide or Unhide. */
export function ModeratedReview({ review }: { review: AdminReview }) {
  const [asking, setAsking] = useState(false);
  const unhide = useUnhideReview(review);
  const writer = review.author ? `${review.author.name} (@${review.author.handle})` : 'Former customer';
  return (
    <article
      aria-label={`Review of ${review.product.name} by ${review.author?.name ?? 'a former customer'}`}
      className={`flex flex-col gap-2 rounded-2xl p-4 shadow-sm ring-1 ${
        review.hidden ? 'bg-gray-50 ring-gray-300' : 'bg-white ring-gray-200'
      }`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link to={`/product/${review.product._id}`} className={`${textLinkClass} break-words`}>
          {review.product.name}
        </Link>
        <Stars rating={review.rating} />
        <time dateTime={review.createdAt} className="text-sm text-gray-600">
          {dayOf(review.createdAt)}
        </time>
      </div>
      <p className="text-sm text-gray-700">
        By {writer}
        {review.seller && (
          <>
            {' '}
            · sold by {review.seller.name} (@{review.seller.handle})
          </>
        )}
      </p>
      {review.sharedSignupAddress && (
        <p className="inline-flex items-center gap-1 self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5 fill-amber-700">
            <path d="M10 2l8.5 15h-17zm-1 5v5h2V7zm0 6v2h2v-2z" />
          </svg>
          Writer signed up from the seller’s address
        </p>
      )}
      {review.text && (
        <p className="leading-relaxed break-words whitespace-pre-line text-gray-800">{review.text}</p>
      )}
      {review.hidden ? (
        <div className="flex flex-col gap-2 border-l-2 border-rose-600 pl-3">
          <p className="text-sm text-gray-800">
            <span className="font-semibold text-rose-800">Hidden</span> on {dayOf(review.hidden.at)}:{' '}
            <span className="break-words">{review.hidden.reason}</span>
          </p>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={unhide.isPending}
            onClick={() =>
              unhide.mutate(undefined, {
                onSuccess: () => toast.success('Review shown again'),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            {unhide.isPending ? 'Showing…' : 'Unhide'}
          </Button>
        </div>
      ) : asking ? (
        <HideReviewForm review={review} onDone={() => setAsking(false)} />
      ) : (
        <Button variant="danger-outline" size="sm" className="self-start" onClick={() => setAsking(true)}>
          Hide
        </Button>
      )}
    </article>
  );
}
