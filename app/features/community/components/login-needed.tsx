import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { primaryButtonClass } from '../../../components/ui/field';
import { useLocale } from '../../../lib/locale';
import { accountPagePath } from '../../../lib/login-redirect';

/** What a view that needs an account shows to a signed-out reader: "Please log in first" and the way in (back here after). */
export function LoginNeeded({ reason }: { reason?: string }) {
  const { t } = useTranslation('community');
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return (
    <div className="m-4 grid justify-items-center gap-3 rounded-md bg-surface-muted px-4 py-6 text-center" data-testid="community-login">
      <p className="font-semibold">{t('messages:auth.loginFirst')}</p>
      {reason ? <p className="text-sm text-muted">{reason}</p> : null}
      <Link to={accountPagePath('/login', locale, `${pathname}${search}`)} className={primaryButtonClass}>
        {t('errors:auth.loginFirst.action')}
      </Link>
    </div>
  );
}
