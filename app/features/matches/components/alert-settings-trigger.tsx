import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/** The list toolbar's bell: the same element before and after the alert settings' code arrives. */
export function AlertSettingsTrigger(props: ComponentProps<'button'>) {
  const { t } = useTranslation('scores');
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1.5 rounded-md border border-line bg-surface px-2.5 py-1.5 text-xs font-medium hover:bg-surface-muted"
      {...props}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" strokeLinejoin="round" />
        <path d="M10 20a2 2 0 0 0 4 0" />
      </svg>
      {/* The name is the words on the button; where they do not fit, the full one for screen readers. */}
      <span className="hidden sm:inline">{t('alerts.button')}</span>
      <span className="sr-only sm:hidden">{t('alerts.open')}</span>
    </button>
  );
}
