import toast from 'react-hot-toast';
import { ReviewCreateSchema, type Review } from '@bazaar/shared/reviews';
import { Button } from '../../components/button.tsx';
import { TextAreaField } from '../../components/text-field.tsx';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useCreateReview } from './api/create-review.ts';
import { useEditReview } from './api/edit-review.ts';
import { StarPicker } from './star-picker.tsx';

/**
 * A buyer's review of a product they received: the stars and a few words. Given `review`, the writer's own, it
 * changes that review instead, and `onDone` closes it (after the save, or on Cancel).
 */
export function ReviewForm({
  productId,
  review,
  onDone,
}: {
  productId: string;
  review?: Review;
  onDone?: () => void;
}) {
  const create = useCreateReview(productId);
  const edit = useEditReview(productId, review?._id ?? '');
  const { field, formProps, values, errors, setValue, reset, submitting } = useSchemaForm({
    schema: ReviewCreateSchema,
    initialValues: { rating: review?.rating ?? 0, text: review?.text ?? '' },
    // No star chosen is no rating at all: the schema says what to do.
    toInput: ({ rating, text }) => ({ rating: rating === 0 ? undefined : rating, text }),
    submit: async (_input, written) => {
      if (review) {
        await edit.mutateAsync(written);
        toast.success('Review updated');
        onDone?.();
      } else {
        await create.mutateAsync(written);
        reset();
        toast.success('Thank you for your review');
      }
    },
  });
  const title = review ? 'Edit your review' : 'Write a review';
  return (
    <form
      {...formProps}
      aria-label={title}
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h3 className="font-semibold text-gray-900">{title}</h3>
      <StarPicker
        value={values.rating}
        onChange={(stars) => setValue('rating', stars)}
        error={errors.rating}
      />
      <TextAreaField
        label="Your review"
        rows={4}
        placeholder="What did you think of it?"
        {...field('text')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting}>
          {review ? (submitting ? 'Saving…' : 'Save review') : submitting ? 'Submitting…' : 'Submit review'}
        </Button>
        {onDone && (
          <Button type="button" variant="outline" onClick={onDone} disabled={submitting}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
