import { lazy, Suspense, type ComponentProps } from 'react';

// Only a signed-in buyer or the product's seller sees these forms: their validation code (zod, useSchemaForm) is
// fetched when one shows, not with every product page.
const LazyReviewForm = lazy(() =>
  import('./review-form.tsx').then((module) => ({ default: module.ReviewForm })),
);
const LazyReplyForm = lazy(() =>
  import('./reply-form.tsx').then((module) => ({ default: module.ReplyForm })),
);

export function ReviewForm(props: ComponentProps<typeof LazyReviewForm>) {
  return (
    <Suspense fallback={null}>
      <LazyReviewForm {...props} />
    </Suspense>
  );
}

export function ReplyForm(props: ComponentProps<typeof LazyReplyForm>) {
  return (
    <Suspense fallback={null}>
      <LazyReplyForm {...props} />
    </Suspense>
  );
}
