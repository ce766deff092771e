import toast from 'react-hot-toast';
import { ReviewReplyCreateSchema } from '@bazaar/shared/reviews';
import { Button } from '../../components/button.tsx';
import { TextAreaField } from '../../components/text-field.tsx';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useReplyToReview } from './api/reply-to-review.ts';

/** The seller's one reply to a review of their product. */
export function ReplyForm({ productId, reviewId }: { productId: string; reviewId: string }) {
  const reply = useReplyToReview(productId, reviewId);
  const { field, formProps, submitting } = useSchemaForm({
    schema: ReviewReplyCreateSchema,
    initialValues: { text: '' },
    toInput: (values) => values,
    submit: async (input) => {
      await reply.mutateAsync(input);
      toast.success('Reply posted');
    },
  });
  return (
    <form {...formProps} aria-label="Reply to this review" className="flex flex-col gap-2">
      <TextAreaField label="Your reply" rows={2} {...field('text')} />
      <Button type="submit" variant="outline" size="sm" className="self-start" disabled={submitting}>
        {submitting ? 'Replying…' : 'Reply'}
      </Button>
    </form>
  );
}
