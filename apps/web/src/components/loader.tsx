/** The loading indicator of lists and pages. */
export function Loader({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-8 text-gray-600">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-teal-600 border-t-transparent"
      />
      {label}
    </p>
  );
}
