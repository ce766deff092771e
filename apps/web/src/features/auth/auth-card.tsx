import type { ReactNode } from 'react';

/** The frame of the login and register pages. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md py-4 sm:py-10">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
        <p className="mt-1 text-gray-600">{intro}</p>
        <div className="mt-6 flex flex-col gap-4">{children}</div>
      </div>
    </section>
  );
}

export const submitButtonClass =
  'rounded-lg bg-teal-700 px-4 py-2.5 font-semibold text-white shadow-sm transition hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-60';

export const inlineLinkClass =
  'font-medium text-teal-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';
