/** A failed request inside a page, with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl bg-rose-50 px-6 py-8 text-center"
    >
      <p className="font-medium text-rose-800">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg bg-white px-4 py-2 text-sm font-medium text-rose-800 ring-1 ring-rose-300 hover:bg-rose-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
      >
        Try again
      </button>
    </div>
  );
}
