import { useId, type ReactNode } from 'react';

/** The box at the top of an order's page where its buyer pays it. */
export function PaySection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-teal-200 bg-white p-4 shadow-sm sm:p-5 print:hidden"
    >
      <h2 id={headingId} className="font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
