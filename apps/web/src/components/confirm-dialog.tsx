import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, type ButtonVariant } from './button.tsx';
import { useModalDialog } from './use-modal-dialog.ts';

/**
 * A modal question with a dismissing and a confirming button (a native <dialog>: focus stays inside,
 * Escape dismisses). Shown while `open`; `onCancel` runs on the dismissing button or Escape. Rendered into
 * <body>, so that it may be opened from anywhere, a table cell included. The confirming button is red unless
 * `confirmVariant` says otherwise (for a question whose yes destroys nothing).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  confirmVariant = 'danger',
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
  confirmVariant?: ButtonVariant;
  dismissLabel?: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialogProps = useModalDialog(open, () => {
    if (!pending) onCancel();
  });
  const titleId = useId();
  const messageId = useId();

  return createPortal(
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl bg-white p-6 shadow-xl backdrop:bg-gray-900/50"
    >
      <h2 id={titleId} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <div id={messageId} className="mt-2 text-gray-700">
        {children}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {dismissLabel}
        </Button>
        <Button variant={confirmVariant} onClick={pending ? undefined : onConfirm} aria-disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </dialog>,
    document.body,
  );
}
