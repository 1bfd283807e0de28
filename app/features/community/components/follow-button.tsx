import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { FollowState } from '../../../../core/contracts/social';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useCurrentUser } from '../../../lib/app-state';
import { useLocale } from '../../../lib/locale';
import { accountPagePath } from '../../../lib/login-redirect';
import { social } from './blogger-api';

/**
 * Follow or unfollow a fan (one relation for fans and tipsters, docs/decisions/140). Signed out:
 * a link to sign in that comes back here ("Please log in first"). Nothing on one's own row.
 */
export function FollowButton({
  userId,
  isFollowed,
  onChange,
  size = 'normal',
  testId = 'follow-button',
}: {
  userId: number;
  isFollowed: boolean;
  onChange: (state: FollowState) => void;
  size?: 'normal' | 'small';
  testId?: string;
}) {
  const { t } = useTranslation('community');
  const user = useCurrentUser();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const small = size === 'small' ? ' px-3 py-1 text-sm' : '';
  if (user !== null && user.id === userId) return null;
  if (user === null) {
    return (
      <Link to={accountPagePath('/login', locale, `${pathname}${search}`)} className={`${primaryButtonClass}${small}`} title={t('messages:auth.loginFirst')} data-testid={testId}>
        {t('follow.follow')}
      </Link>
    );
  }

  async function toggle() {
    setPending(true);
    setError(null);
    try {
      onChange(await social(isFollowed ? 'unfollow' : 'follow', { params: { id: userId } }));
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('follow.failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <span className="inline-grid justify-items-end gap-1">
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={pending}
        aria-pressed={isFollowed}
        className={`${isFollowed ? secondaryButtonClass : primaryButtonClass}${small}`}
        data-testid={testId}
      >
        {isFollowed ? t('follow.unfollow') : t('follow.follow')}
      </button>
      {error ? (
        <span className="text-xs text-accent" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
