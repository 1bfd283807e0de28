import { useTranslation } from 'react-i18next';
import { savePreference } from '../../lib/account-preferences';
import { useTheme } from '../../lib/theme';
import { MoonIcon, SunIcon } from './icons';

/** Light/dark switch; the choice is kept in a cookie so the server renders it next time. */
export function ThemeToggle() {
  const { t } = useTranslation('common');
  const { theme, setTheme } = useTheme();
  const isDark = theme === 'dark';
  const label = isDark ? t('layout.theme.toLight') : t('layout.theme.toDark');

  return (
    <button
      type="button"
      onClick={() => {
        const next = isDark ? 'light' : 'dark';
        setTheme(next);
        // Signed in, the account remembers it for other devices too.
        void savePreference({ theme: next });
      }}
      aria-label={label}
      title={label}
      className="flex size-9 items-center justify-center rounded text-header-fg hover:bg-white/10"
    >
      {isDark ? <SunIcon className="size-4.5" /> : <MoonIcon className="size-4.5" />}
    </button>
  );
}
