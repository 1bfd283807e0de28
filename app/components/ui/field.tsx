import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const inputClass =
  'block w-full min-w-0 rounded-md border border-line bg-surface px-3 py-2 text-base text-text placeholder:text-muted/70 focus:border-accent focus:outline-none focus-visible:ring-2 focus-visible:ring-accent/30 aria-[invalid=true]:border-accent disabled:opacity-60 sm:text-sm';

/**
 * A labelled text input with its error beside it: the error is announced (aria-describedby,
 * aria-invalid) and shown in the accent colour under the field. `addon` sits at the end of
 * the row (e.g. the send-code button).
 */
export function TextField({
  label,
  error,
  hint,
  addon,
  ...input
}: {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  addon?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { name: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...input} />
        {addon}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} data-field-error={input.name} className="text-xs font-medium text-accent">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message about the whole form (the server's answer), announced when it appears. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' }) {
  const colours =
    tone === 'error'
      ? 'border-accent/40 bg-accent-soft text-accent-strong dark:text-accent'
      : 'border-live/40 bg-live-soft text-green-800 dark:text-live';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm font-medium ${colours}`}>
      {children}
    </p>
  );
}

export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-accent px-4 py-2.5 text-sm font-semibold text-accent-contrast hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-line bg-surface px-3 py-2 text-sm font-semibold text-text hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60';

export const linkClass = 'font-medium text-accent underline-offset-2 hover:text-accent-strong hover:underline';

export const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-accent/60 bg-surface px-3 py-2 text-sm font-semibold text-accent hover:bg-accent-soft disabled:cursor-not-allowed disabled:opacity-60';
