import type { ReactNode } from 'react';

/** The frame of the sign-in pages: a centred card with a heading and a short lead. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-0 sm:py-6">
      <article className="bg-surface px-4 py-6 sm:rounded-lg sm:border sm:border-line sm:px-7 sm:py-7">
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{title}</h1>
        {lead ? <p className="mt-1.5 text-muted">{lead}</p> : null}
        <div className="mt-5">{children}</div>
      </article>
      {footer ? <div className="mt-4 px-4 text-center text-sm sm:px-0">{footer}</div> : null}
    </div>
  );
}
