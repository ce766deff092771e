import { useEffect, useRef, type SyntheticEvent } from 'react';

/**
 * The props of a native <dialog> shown as a modal while `open` (focus stays inside, the page behind is inert).
 * Escape calls `onEscape` rather than closing it, so that `open` stays the one truth.
 */
export function useModalDialog(open: boolean, onEscape: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onEscape();
    },
  };
}
