import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { splitLocalePath } from '../../../core/locale';
import { useCurrentUser } from '../../lib/app-state';
import { useLocale } from '../../lib/locale';
import { accountPagePath } from '../../lib/login-redirect';
import { LocalLink } from '../local-link';
import { SearchButton } from '../search/search-button';
import { LanguageSwitch } from './language-switch';
import { NotificationBell } from './notification-bell';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

/** Every area of Tribün, in the order fans look for them. */
const NAV_ITEMS = [
  { to: '/', label: 'layout.nav.home', end: true },
  { to: '/football', label: 'layout.nav.football', end: false },
  { to: '/basketball', label: 'layout.nav.basketball', end: false },
  { to: '/forecast', label: 'layout.nav.forecast', end: false },
  { to: '/guessing', label: 'layout.nav.guessing', end: false },
  { to: '/community/community', label: 'layout.nav.community', end: false },
  { to: '/activity', label: 'layout.nav.activity', end: false },
  { to: '/personal-center/personal-center/pointsMall', label: 'layout.nav.pointsMall', end: false },
  // `end`: the points mall above lives under the personal centre and is highlighted alone.
  { to: '/personal-center/personal-center', label: 'layout.nav.personalCenter', end: true },
] as const;

const ACCOUNT_PAGES = new Set(['/login', '/register', '/forgot-password']);

export function SiteHeader() {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  // From an ordinary page, signing in comes back to it; the sign-in pages pass on where to.
  const here = ACCOUNT_PAGES.has(splitLocalePath(pathname).path) ? new URLSearchParams(search).get('redirect') : `${pathname}${search}`;
  const loginHref = accountPagePath('/login', locale, here);
  const registerHref = accountPagePath('/register', locale, here);

  return (
    // On the crimson (dark theme: near-black) header the focus ring is the header's text colour,
    // 6.4:1 against it instead of the page's blue at 1.1:1 (decision 083).
    <header className="sticky top-0 z-40 bg-header text-header-fg shadow-sm [--focus:var(--header-fg)]">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 px-3 lg:gap-x-1 xl:gap-x-2">
        <LocalLink
          to="/"
          end
          aria-label={t('app.brand.home')}
          className="order-1 flex h-12 items-center text-xl font-extrabold tracking-tight lg:text-lg xl:text-xl"
        >
          {t('app.brand.name')}
        </LocalLink>

        <nav
          aria-label={t('layout.nav.label')}
          className="order-3 -mx-3 w-[calc(100%+1.5rem)] overflow-x-auto border-t border-white/10 scrollbar-none lg:order-2 lg:mx-0 lg:w-auto lg:flex-1 lg:border-t-0"
        >
          <ul className="flex h-10 items-stretch px-1.5 whitespace-nowrap lg:h-12 lg:px-0">
            {NAV_ITEMS.map((item) => (
              <li key={item.to} className="flex">
                <LocalLink
                  to={item.to}
                  end={item.end}
                  className="flex items-center px-2.5 font-medium text-header-muted transition-colors focus-visible:-outline-offset-4 lg:px-[0.28125rem] xl:px-[0.40625rem] hover:text-header-fg aria-[current=page]:text-header-fg aria-[current=page]:shadow-[inset_0_-3px_0_currentColor]"
                >
                  {t(item.label)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="order-2 ml-auto flex items-center gap-0.5 lg:order-3">
          <SearchButton />
          <LanguageSwitch />
          <ThemeToggle />
          {user ? (
            <>
              <NotificationBell userId={user.id} />
              <UserMenu user={user} />
            </>
          ) : (
            <>
              <Link
                to={loginHref}
                className="ml-1 rounded bg-white/15 px-3 py-1.5 font-semibold whitespace-nowrap text-header-fg hover:bg-white/25 lg:px-2.5 xl:px-3"
              >
                {t('layout.nav.login')}
              </Link>
              <Link
                to={registerHref}
                className="ml-1 hidden rounded bg-white px-3 py-1.5 font-semibold whitespace-nowrap text-header hover:bg-white/90 sm:inline-block lg:px-2.5 xl:px-3 dark:bg-header-fg"
              >
                {t('layout.nav.register')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
