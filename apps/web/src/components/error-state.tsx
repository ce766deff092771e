import { Button } from './button.tsx';

/** A failed request inside a page, with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl bg-rose-50 px-6 py-8 text-center"
    >
      <p className="font-medium text-rose-800">{message}</p>
      <Button variant="danger-outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
