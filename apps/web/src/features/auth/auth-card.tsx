import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { textLinkClass } from '../../components/button.tsx';
import { PageTitle } from '../../components/page-title.tsx';

/** The frame of the login and register pages; `notice`, when given, says what the user is here for instead of `intro`. */
export function AuthCard({
  title,
  intro,
  notice,
  children,
}: {
  title: string;
  intro: string;
  notice?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md py-4 sm:py-10">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <PageTitle name={title} />
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
        {notice ? (
          <p className="mt-3 rounded-lg bg-teal-50 px-4 py-3 font-medium text-teal-900">{notice}</p>
        ) : (
          <p className="mt-1 text-gray-600">{intro}</p>
        )}
        <div className="mt-6 flex flex-col gap-4">{children}</div>
      </div>
    </section>
  );
}

/** The line under an auth card's form that leads to its sibling page ("New to Bazaar? Create an account"). */
export function AuthCardLink({
  question,
  to,
  label,
  state,
}: {
  question: string;
  to: string;
  label: string;
  state?: unknown;
}) {
  return (
    <p className="text-center text-sm text-gray-600">
      {question}{' '}
      <Link to={to} state={state} className={textLinkClass}>
        {label}
      </Link>
    </p>
  );
}
