import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { onPageChange } from './router.tsx';

const MAX_VISIBLE_TOASTS = 20;

/** react-hot-toast has no limit of its own: dismisses the oldest toasts beyond the spec's 20. */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // The store lists the newest toast first.
    toasts
      .filter((item) => item.visible)
      .slice(MAX_VISIBLE_TOASTS)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);
  return null;
}

/**
 * A toast tells of something done on its page: it goes when the shopper opens another. A toast about the page a
 * change leads to is raised once it is there (`await navigate(…)`, then the toast).
 */
function ToastsOfThePage() {
  useEffect(() => onPageChange(() => toast.dismiss()), []);
  return null;
}

export default function Toasts() {
  return (
    <>
      <Toaster
        position="top-right"
        // Below the header's first row: a toast there hid the cart and account buttons, and hovering it (to
        // reach them) keeps it open.
        containerStyle={{ top: 72 }}
        toastOptions={{ success: { duration: 2000 }, error: { duration: 4000 } }}
      />
      <ToastLimit />
      <ToastsOfThePage />
    </>
  );
}
