import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './field';

/** A password input with a show/hide switch. */
export function PasswordField(
  props: { label: string; error?: string | null; hint?: ReactNode; name: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>,
) {
  const { t } = useTranslation('account');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      addon={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
          title={visible ? t('form.hidePassword') : t('form.showPassword')}
          className="grid w-10 shrink-0 place-items-center rounded-md border border-line text-muted hover:bg-surface-muted hover:text-text"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible ? null : <path d="M4 20L20 4" />}
          </svg>
        </button>
      }
    />
  );
}
