import toast from 'react-hot-toast';
import { ReviewCreateSchema } from '@bazaar/shared/reviews';
import { Button } from '../../components/button.tsx';
import { TextAreaField } from '../../components/text-field.tsx';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useCreateReview } from './api/create-review.ts';
import { StarPicker } from './star-picker.tsx';

/** A buyer's review of a product they received: the stars and a few words. */
export function ReviewForm({ productId }: { productId: string }) {
  const create = useCreateReview(productId);
  const { field, formProps, values, errors, setValue, reset, submitting } = useSchemaForm({
    schema: ReviewCreateSchema,
    initialValues: { rating: 0, text: '' },
    // No star chosen is no rating at all: the schema says what to do.
    toInput: ({ rating, text }) => ({ rating: rating === 0 ? undefined : rating, text }),
    submit: async (_input, review) => {
      await create.mutateAsync(review);
      reset();
      toast.success('Thank you for your review');
    },
  });
  return (
    <form
      {...formProps}
      aria-label="Write a review"
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h3 className="font-semibold text-gray-900">Write a review</h3>
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
      <Button type="submit" className="self-start" disabled={submitting}>
        {submitting ? 'Submitting…' : 'Submit review'}
      </Button>
    </form>
  );
}
