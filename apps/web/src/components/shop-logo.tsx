/** The shop's mark, a bag on a teal tile, beside its name in the header and on receipts. */
export function ShopMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="9" className="fill-teal-700" />
      <path
        d="M9 12h14l-1.5 11h-11L9 12Zm3.5 0a3.5 3.5 0 0 1 7 0"
        fill="none"
        stroke="white"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
