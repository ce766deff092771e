import type { Review } from '@bazaar/shared/reviews';
import { Stars } from '../../components/stars.tsx';
import { ReplyForm } from './lazy-forms.tsx';

/** "Nov 23, 2026", as the shop's calendar (UTC) has it. */
const dayOf = (isoDate: string) =>
  new Date(isoDate).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** One review: its stars, author, date, the verified-purchase mark, its text and the seller's reply. */
export function ReviewItem({
  review,
  productId,
  canReply,
}: {
  review: Review;
  productId: string;
  /** Whether the viewer is the product's seller, who may answer a review that has no reply yet. */
  canReply: boolean;
}) {
  return (
    <article
      aria-label={`Review by ${review.author.name}`}
      className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="font-semibold text-gray-900">{review.author.name}</span>
        <time dateTime={review.createdAt} className="text-sm text-gray-600">
          {dayOf(review.createdAt)}
        </time>
        {review.verifiedPurchase && (
          <span className="inline-flex items-center gap-1 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-800">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5 fill-teal-700">
              <path d="M8 13.2L4.8 10l-1.1 1.1L8 15.4l9-9-1.1-1.1z" />
            </svg>
            Verified purchase
          </span>
        )}
      </div>
      {review.text && <p className="leading-relaxed whitespace-pre-line text-gray-700">{review.text}</p>}
      {review.reply ? (
        <div className="ml-4 flex flex-col gap-1 border-l-2 border-teal-600 pl-3">
          <p className="text-sm font-semibold text-gray-900">
            Reply from the seller{' '}
            <time dateTime={review.reply.createdAt} className="font-normal text-gray-600">
              · {dayOf(review.reply.createdAt)}
            </time>
          </p>
          <p className="text-sm leading-relaxed whitespace-pre-line text-gray-700">{review.reply.text}</p>
        </div>
      ) : (
        canReply && <ReplyForm productId={productId} reviewId={review._id} />
      )}
    </article>
  );
}
