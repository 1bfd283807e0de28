import { useTranslation } from 'react-i18next';

/**
 * The one small marker of a match Tribün's simulator plays (no real result behind it), on its
 * row and its page (docs/decisions/090-pages-that-agree.md). Short on screen, the full
 * sentence for screen readers and on hover.
 */
export function SimulatedMark({ className = '' }: { className?: string }) {
  const { t } = useTranslation('scores');
  const long = t('simulated.long');
  return (
    <span
      title={long}
      data-testid="simulated-mark"
      className={`inline-block rounded border border-line px-1 text-xs leading-4 font-semibold tracking-wide text-muted uppercase ${className}`}
    >
      <span aria-hidden="true">{t('simulated.short')}</span>
      <span className="sr-only">{long}</span>
    </span>
  );
}
