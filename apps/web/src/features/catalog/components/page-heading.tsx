import type { ReactNode } from 'react';

/** A list page's title (also the document's, which React 19 hoists into <head>), with room for extras beside it. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-col gap-3 border-b border-gray-200 pb-4 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${title} · Bazaar`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
      {children}
    </header>
  );
}
