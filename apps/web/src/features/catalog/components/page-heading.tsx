import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';

/** A list page's heading, with room for extras beside it; `name` names the page in the document's title. */
export function PageHeading({
  title,
  name = title,
  children,
}: {
  title: string;
  name?: string;
  children?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-col gap-3 border-b border-gray-200 pb-4 sm:flex-row sm:items-end sm:justify-between">
      <PageTitle name={name} />
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
      {children}
    </header>
  );
}
