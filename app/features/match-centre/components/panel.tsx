import type { ReactNode } from 'react';
import { LocalLink } from '../../../components/local-link';
import { Crest } from '../../../components/match/match-parts';

/** One block of a match page's tab: a heading and its content. */
export function Panel({ title, children, id, action }: { title: string; children: ReactNode; id?: string; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-b border-line px-3 py-4 last:border-b-0 sm:px-4">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-sm font-bold tracking-wide uppercase">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** What is missing, said plainly (no invented figures). */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-md bg-surface-muted px-3 py-4 text-center text-sm text-muted">{children}</p>;
}

/** A team's name (with crest) that opens its team page. */
export function TeamLink({
  teamId,
  name,
  logo,
  className = '',
  crestSize = 18,
}: {
  teamId: number;
  name: string;
  logo?: string;
  className?: string;
  crestSize?: number;
}) {
  return (
    <LocalLink to={`/team/${teamId}`} className={`inline-flex max-w-full min-w-0 items-center gap-1.5 hover:underline ${className}`}>
      {logo !== undefined && <Crest src={logo} size={crestSize} />}
      <span className="truncate">{name}</span>
    </LocalLink>
  );
}

/** Colours of the two sides in bars and charts (the numbers are always printed beside them). */
export const SIDE_COLOUR = { home: 'bg-accent', away: 'bg-sky-600 dark:bg-sky-400' } as const;
export const SIDE_FILL = { home: 'fill-accent', away: 'fill-sky-600 dark:fill-sky-400' } as const;
