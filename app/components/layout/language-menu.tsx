import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LOCALE_COOKIE_MAX_AGE_S } from '../../../core/constants';
import { LOCALES, localizePath, type Locale } from '../../../core/locale';
import { loadLocale } from '../../i18n/i18n';
import { savePreference } from '../../lib/account-preferences';
import { isSecurePage, LOCALE_COOKIE, writeCookie } from '../../lib/cookies';
import { useLocale } from '../../lib/locale';
import type { LazyMenuProps } from '../lazy-menu';
import { CheckIcon } from './icons';
import { LanguageTrigger } from './language-trigger';

/** Opening the menu fetches the other languages' texts, so the switch renders at once (decision 084). */
function preloadLocales(open: boolean, current: Locale): void {
  if (!open) return;
  for (const { code } of LOCALES) if (code !== current) void loadLocale(code).catch(() => undefined);
}

function rememberLocale(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'Lax', secure: isSecurePage() });
  // Signed in, the account remembers it for other devices too.
  void savePreference({ locale });
}

/**
 * The language menu: each entry is a link to the same page in that language
 * (/football ↔ /en/football ↔ /zh/football, query and hash kept), and remembers the choice
 * in the locale cookie for a year. Loaded after the first paint (LanguageSwitch).
 */
export default function LanguageMenu({ defaultOpen, autoFocus }: LazyMenuProps) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (defaultOpen) preloadLocales(true, locale);

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen} onOpenChange={(open) => preloadLocales(open, locale)}>
      <DropdownMenu.Trigger asChild>
        <LanguageTrigger autoFocus={autoFocus} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-[var(--z-index-layer)] min-w-40 rounded-md border border-line bg-surface p-1 text-text shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs text-muted">{t('layout.language.choose')}</DropdownMenu.Label>
          {LOCALES.map((option) => (
            <DropdownMenu.Item key={option.code} asChild>
              <Link
                to={localizePath(here, option.code)}
                lang={option.iso}
                hrefLang={option.code}
                aria-current={option.code === locale ? 'true' : undefined}
                preventScrollReset
                onClick={() => rememberLocale(option.code)}
                className="flex items-center justify-between gap-4 rounded px-2 py-1.5 outline-none data-[highlighted]:bg-surface-muted aria-[current=true]:font-semibold"
              >
                <span>{t(`language.${option.code}`)}</span>
                {option.code === locale ? <CheckIcon className="size-4 text-accent" /> : null}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
