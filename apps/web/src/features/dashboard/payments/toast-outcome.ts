import toast from 'react-hot-toast';
import { failureMessage } from '../../../lib/field-errors.ts';

/**
 * Toasts how an admin's action on a card ended, then runs `onSettled`. Not mutate's own callbacks: those are
 * skipped once the card has left its list, as a decided claim or a recorded refund does when the list refreshes.
 */
export function toastOutcome(action: Promise<unknown>, done: string, onSettled: () => void): void {
  void action
    .then(
      () => toast.success(done),
      (error: unknown) => toast.error(failureMessage(error)),
    )
    .finally(onSettled);
}
