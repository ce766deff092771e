import type { ReactNode } from 'react';

/** A part of a dashboard page: its heading, what it is for, what it holds; `aside` beside the heading (a filter). */
export function DashboardSection({
  id,
  title,
  hint,
  aside,
  children,
}: {
  /** Lets the section name itself with aria-labelledby. */
  id: string;
  title: string;
  hint: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={id} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          <p className="text-sm text-gray-600">{hint}</p>
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
