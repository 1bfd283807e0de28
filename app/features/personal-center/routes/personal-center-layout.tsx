import { useTranslation } from 'react-i18next';
import { Link, Outlet, redirect, useLocation, type LoaderFunctionArgs } from 'react-router';
import { splitLocalePath } from '../../../../core/locale';
import { Avatar } from '../../../components/avatar';
import { LocalLink } from '../../../components/local-link';
import { primaryButtonClass } from '../../../components/ui/field';
import { useCurrentUser } from '../../../lib/app-state';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { accountPagePath } from '../../../lib/login-redirect';
import { CancellationBanner } from '../components/cancellation-banner';
import { CenterMenu } from '../components/center-menu';
import { PERSONAL_CENTER } from '../personal-center-views';

/** The account's pages need a signed-in reader: anyone else logs in first and comes back. */
export function loader({ context, request }: LoaderFunctionArgs) {
  if (context.currentUser === null) {
    const url = new URL(request.url);
    throw redirect(accountPagePath('/login', splitLocalePath(url.pathname).locale, `${url.pathname}${url.search}`));
  }
  return null;
}

/**
 * /personal-center/personal-center and its account pages: the side menu on wide screens, the
 * closing-account banner while one is pending, and the page.
 */
export default function PersonalCenterLayout() {
  const { t } = useTranslation('personalCenter');
  const user = useCurrentUser();
  const locale = useLocale();
  const { pathname, search } = useLocation();

  // Logged out meanwhile (here, or in another tab): nothing of the account stays on screen.
  // No redirect of its own: a logout here is already on its way to the home page.
  if (user === null) {
    return (
      <div className="mx-auto w-full max-w-md bg-surface px-4 py-6 text-center sm:my-6 sm:rounded-lg sm:border sm:border-line">
        <p className="font-medium">{t('page.signedOut')}</p>
        <Link to={accountPagePath('/login', locale, `${pathname}${search}`)} className={`${primaryButtonClass} mt-4`}>
          {t('page.logIn')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-3 sm:py-3 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start">
      <aside className="hidden bg-surface lg:sticky lg:top-16 lg:block lg:rounded-lg lg:border lg:border-line">
        <LocalLink to={PERSONAL_CENTER} end className="flex items-center gap-3 border-b border-line px-4 py-3 hover:bg-surface-muted">
          <Avatar id={user.avatar} size={44} />
          <span className="min-w-0">
            <span className="block truncate font-semibold">{user.nickname}</span>
            <span className="block text-xs text-muted tabular-nums">{t('overview.points', { count: user.points, formatted: formatNumber(user.points, locale) })}</span>
          </span>
        </LocalLink>
        <CenterMenu variant="side" />
      </aside>
      <div className="grid min-w-0 gap-3">
        <CancellationBanner user={user} />
        <Outlet />
      </div>
    </div>
  );
}
