import toast from 'react-hot-toast';
import { ReviewReplyCreateSchema } from '@bazaar/shared/reviews';
import { Button } from '../../components/button.tsx';
import { TextAreaField } from '../../components/text-field.tsx';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useEditReply } from './api/edit-reply.ts';
import { useReplyToReview } from './api/reply-to-review.ts';

/**
 * The seller's one reply to a review of their product. Given `reply`, the text of the seller's reply, it rewrites
 * that reply instead, and `onDone` closes it (after the save, or on Cancel).
 */
export function ReplyForm({
  productId,
  reviewId,
  reply,
  onDone,
}: {
  productId: string;
  reviewId: string;
  reply?: string;
  onDone?: () => void;
}) {
  const create = useReplyToReview(productId, reviewId);
  const edit = useEditReply(productId, reviewId);
  const editing = reply !== undefined;
  const { field, formProps, submitting } = useSchemaForm({
    schema: ReviewReplyCreateSchema,
    initialValues: { text: reply ?? '' },
    toInput: (values) => values,
    submit: async (input) => {
      await (editing ? edit : create).mutateAsync(input);
      toast.success(editing ? 'Reply updated' : 'Reply posted');
      onDone?.();
    },
  });
  return (
    <form
      {...formProps}
      aria-label={editing ? 'Edit your reply' : 'Reply to this review'}
      className="flex flex-col gap-2"
    >
      <TextAreaField label="Your reply" rows={2} {...field('text')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" size="sm" disabled={submitting}>
          {editing ? (submitting ? 'Saving…' : 'Save reply') : submitting ? 'Replying…' : 'Reply'}
        </Button>
        {onDone && (
          <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={submitting}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
