import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import type { Review } from '@bazaar/shared/reviews';
import { Button, textLinkClass } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Stars } from '../../components/stars.tsx';
import { useDeleteReply } from './api/delete-reply.ts';
import { useDeleteReview } from './api/delete-review.ts';
import { ReplyForm, ReviewForm } from './lazy-forms.tsx';

/** "Nov 23, 2026", as the shop's calendar (UTC) has it. */
const dayOf = (isoDate: string) =>
  new Date(isoDate).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "· Edited", its date in the tooltip, after a review or a reply that was changed. */
function Edited({ at }: { at: string | null }) {
  if (at === null) return null;
  return (
    <span className="text-sm font-normal text-gray-600" title={`Edited ${dayOf(at)}`}>
      · Edited
    </span>
  );
}

type Part = 'review' | 'reply';

/** "Edit review" and "Delete review" (or reply), for the one who wrote it. */
function ChangeButtons({
  what,
  onEdit,
  onDelete,
}: {
  what: Part;
  onEdit: (what: Part) => void;
  onDelete: (what: Part) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => onEdit(what)}>
        Edit {what}
      </Button>
      <Button variant="danger-outline" size="sm" onClick={() => onDelete(what)}>
        Delete {what}
      </Button>
    </div>
  );
}

/**
 * One review: its stars, author, date, the verified-purchase mark, its text and the seller's reply. Its writer may
 * edit or delete it; the product's seller may reply, then edit or delete the reply. Given `product`, it says
 * which product it is of (the seller's dashboard lists the reviews of all their products).
 */
export function ReviewItem({
  review,
  productId,
  canReply,
  isOwn = false,
  product,
}: {
  review: Review;
  productId: string;
  /** Whether the viewer is the product's seller, who may answer a review that has no reply yet. */
  canReply: boolean;
  /** Whether the viewer wrote it. */
  isOwn?: boolean;
  product?: { name: string };
}) {
  const [editing, setEditing] = useState<Part | null>(null);
  const [deleting, setDeleting] = useState<Part | null>(null);
  const deleteReview = useDeleteReview(productId, review._id);
  const deleteReply = useDeleteReply(productId, review._id);
  const removal = deleting === 'reply' ? deleteReply : deleteReview;

  async function confirmDelete() {
    try {
      await removal.mutateAsync();
      toast.success(deleting === 'reply' ? 'Reply deleted' : 'Review deleted');
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <article
      aria-label={
        product ? `Review of ${product.name} by ${review.author.name}` : `Review by ${review.author.name}`
      }
      className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      {product && (
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/product/${productId}#reviews`} className={`${textLinkClass} break-words`}>
            {product.name}
          </Link>
          {!review.reply && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              Awaiting your reply
            </span>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="font-semibold text-gray-900">{review.author.name}</span>
        <time dateTime={review.createdAt} className="text-sm text-gray-600">
          {dayOf(review.createdAt)}
        </time>
        <Edited at={review.editedAt} />
        {review.verifiedPurchase && (
          <span className="inline-flex items-center gap-1 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-800">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5 fill-teal-700">
              <path d="M8 13.2L4.8 10l-1.1 1.1L8 15.4l9-9-1.1-1.1z" />
            </svg>
            Verified purchase
          </span>
        )}
      </div>
      {editing === 'review' ? (
        <ReviewForm productId={productId} review={review} onDone={() => setEditing(null)} />
      ) : (
        <>
          {review.text && (
            <p className="leading-relaxed break-words whitespace-pre-line text-gray-700">{review.text}</p>
          )}
          {isOwn && <ChangeButtons what="review" onEdit={setEditing} onDelete={setDeleting} />}
        </>
      )}
      {review.reply ? (
        <div className="ml-4 flex flex-col gap-1 border-l-2 border-teal-600 pl-3">
          <p className="text-sm font-semibold text-gray-900">
            Reply from the seller{' '}
            <time dateTime={review.reply.createdAt} className="font-normal text-gray-600">
              · {dayOf(review.reply.createdAt)}
            </time>{' '}
            <Edited at={review.reply.editedAt} />
          </p>
          {editing === 'reply' ? (
            <ReplyForm
              productId={productId}
              reviewId={review._id}
              reply={review.reply.text}
              onDone={() => setEditing(null)}
            />
          ) : (
            <>
              <p className="text-sm leading-relaxed break-words whitespace-pre-line text-gray-700">
                {review.reply.text}
              </p>
              {canReply && <ChangeButtons what="reply" onEdit={setEditing} onDelete={setDeleting} />}
            </>
          )}
        </div>
      ) : (
        canReply && <ReplyForm productId={productId} reviewId={review._id} />
      )}
      {deleting && (
        <ConfirmDialog
          open
          title={deleting === 'reply' ? 'Delete your reply?' : 'Delete your review?'}
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          pending={removal.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>
            {deleting === 'reply'
              ? 'Your reply leaves the review; you may write another.'
              : 'Your review and its stars leave the product’s page; you may write a new one.'}
          </p>
        </ConfirmDialog>
      )}
    </article>
  );
}
