import type { ReactNode } from 'react';

/** A titled, readable block of text: the frame of about, help and legal pages. */
export function PageCard(props: { title: string; lead?: ReactNode; children?: ReactNode; lang?: string }) {
  return (
    <article className="prose-page mx-auto max-w-3xl bg-surface px-4 py-5 sm:rounded-lg sm:border sm:border-line sm:px-6">
      <h1 className="mb-3 text-xl font-bold tracking-tight sm:text-2xl">{props.title}</h1>
      {props.lead ? <p className="text-base text-muted">{props.lead}</p> : null}
      {props.children}
    </article>
  );
}
