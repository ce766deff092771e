import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button.tsx';

/** A home-page block's title, anything beside it (e.g. a countdown) and its View More link. */
export function SectionHeader({
  id,
  title,
  viewMoreTo,
  children,
}: {
  /** Lets the section name itself with aria-labelledby. */
  id: string;
  title: string;
  viewMoreTo: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2">
      <h2 id={id} className="text-xl font-bold tracking-tight text-gray-900 sm:text-2xl">
        {title}
      </h2>
      {/* On phones the extras take their own line below the title and the link. */}
      {children && <div className="order-last w-full sm:order-none sm:w-auto">{children}</div>}
      <Link to={viewMoreTo} className={buttonClass({ variant: 'outline', size: 'sm', className: 'ml-auto' })}>
        View More<span className="sr-only"> {title}</span>
      </Link>
    </div>
  );
}
