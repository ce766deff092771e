import toast from 'react-hot-toast';
import { ReviewHideSchema, type AdminReview } from '@bazaar/shared/reviews';
import { Button } from '../../../components/button.tsx';
import { TextAreaField } from '../../../components/text-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useHideReview } from './api/hide-review.ts';

/** Asks for the reason before hiding: it is kept with the review and mailed to its writer. */
export function HideReviewForm({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const hide = useHideReview(review);
  const { field, formProps, submitting } = useSchemaForm({
    schema: ReviewHideSchema,
    initialValues: { reason: '' },
    toInput: (values) => values,
    submit: async (input) => {
      await hide.mutateAsync(input);
      toast.success('Review hidden');
      onDone();
    },
  });
  return (
    <form {...formProps} aria-label="Hide this review" className="flex flex-col gap-2">
      <TextAreaField
        label="Why hide it?"
        hint="Kept with the review and mailed to its writer."
        rows={2}
        {...field('reason')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" size="sm" disabled={submitting}>
          {submitting ? 'Hiding…' : 'Hide review'}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
