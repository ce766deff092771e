import type { ReactNode } from 'react';

/** What a finished list shows when it has nothing in it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 fill-none stroke-teal-600 stroke-[1.5]">
        <path d="M3 7l9-4 9 4-9 4-9-4zm0 0v10l9 4 9-4V7M12 11v10" strokeLinejoin="round" />
      </svg>
      <p className="text-lg font-semibold text-gray-800">{title}</p>
      {children && <div className="text-sm text-gray-600">{children}</div>}
    </div>
  );
}
