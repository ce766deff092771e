import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/button.tsx';
import { CloseIcon } from '../../../components/close-icon.tsx';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';

/**
 * The filters on a phone: a panel from the screen's side, a modal <dialog> (focus stays inside, Escape closes).
 * Choices apply at once; the foot's button closes it onto the results.
 */
export function FiltersDrawer({
  open,
  onClose,
  showLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** The foot button's words, e.g. "Show 12 results". */
  showLabel: string;
  children: ReactNode;
}) {
  const dialogProps = useModalDialog(open, onClose);
  const titleId = useId();

  return createPortal(
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-[min(22rem,100vw)] max-w-none overflow-hidden bg-white p-0 shadow-xl backdrop:bg-gray-900/50"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
            <h2 id={titleId} className="text-lg font-semibold text-gray-900">
              Filters
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close filters"
              className="rounded-md p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-4 pb-4">{children}</div>
          <div className="border-t border-gray-200 p-4">
            <Button onClick={onClose} className="w-full">
              {showLabel}
            </Button>
          </div>
        </div>
      )}
    </dialog>,
    document.body,
  );
}
