import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LOCALE_COOKIE_MAX_AGE_S } from '../../../core/constants';
import { LOCALES, localizePath, type Locale } from '../../../core/locale';
import { savePreference } from '../../lib/account-preferences';
import { isSecurePage, LOCALE_COOKIE, writeCookie } from '../../lib/cookies';
import { useLocale } from '../../lib/locale';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from './icons';

function rememberLocale(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'Lax', secure: isSecurePage() });
  // Signed in, the account remembers it for other devices too.
  void savePreference({ locale });
}

/**
 * The language menu: each entry is a link to the same page in that language
 * (/football ↔ /en/football ↔ /zh/football, query and hash kept), and remembers the choice
 * in the locale cookie for a year.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`${t('layout.language.label')}: ${t(`language.${locale}`)}`}
        className="flex h-9 items-center gap-1 rounded px-2 text-header-fg hover:bg-white/10 data-[state=open]:bg-white/15"
      >
        <GlobeIcon className="size-4" />
        <span className="hidden sm:inline lg:hidden xl:inline">{t(`language.${locale}`)}</span>
        <ChevronDownIcon className="size-3.5 opacity-80" />
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
