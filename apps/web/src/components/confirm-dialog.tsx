import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A modal question with a dismissing and a confirming button (a native <dialog>: focus stays inside,
 * Escape dismisses). Shown while `open`; `onCancel` runs on the dismissing button or Escape. Rendered into
 * <body>, so that it may be opened from anywhere, a table cell included.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  dismissLabel = 'Cancel',
  pendingLabel,
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  dismissLabel?: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return createPortal(
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      // Escape: the parent decides, so that `open` stays the one truth.
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl bg-white p-6 shadow-xl backdrop:bg-gray-900/50"
    >
      <h2 id={titleId} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <div id={messageId} className="mt-2 text-gray-700">
        {children}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          disabled={pending}
          className="rounded-lg px-4 py-2 font-medium text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-60"
        >
          {dismissLabel}
        </button>
        <button
          type="button"
          onClick={pending ? undefined : onConfirm}
          aria-disabled={pending}
          className="rounded-lg bg-rose-700 px-4 py-2 font-medium text-white hover:bg-rose-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700 aria-disabled:cursor-wait aria-disabled:opacity-80"
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </dialog>,
    document.body,
  );
}
