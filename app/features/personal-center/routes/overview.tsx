import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../../core/contracts/account';
import { Avatar } from '../../../components/avatar';
import { LocalLink } from '../../../components/local-link';
import { showNotice } from '../../../components/notice/notice-store';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { accountApi, apiErrorDetails } from '../../../lib/account-api';
import { dispatchAppState, getAppState, useCurrentUser } from '../../../lib/app-state';
import { formatNumber } from '../../../lib/format';
import { useHydrated } from '../../../lib/use-clock';
import { useLocale, useLocalizedPath } from '../../../lib/locale';
import { centerMeta } from '../center-meta';
import { afterCheckin, currentStreak } from '../checkin';
import { CenterMenu } from '../components/center-menu';
import { personalCenterPath } from '../personal-center-views';

export const meta = centerMeta('overview');

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The daily check-in: points for every day, more for a streak (POST /api/points/checkin). */
function CheckinCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation('personalCenter');
  const locale = useLocale();
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  // The streak depends on today's date; the server's render and the first client render agree on the stored one.
  const streak = hydrated ? currentStreak(user.checkin, Date.now()) : user.checkin.streak;
  const done = user.checkin.checked_in_today;

  async function checkin() {
    setPending(true);
    try {
      const answer = await accountApi.checkin();
      const now = getAppState().userInfo;
      if (now) dispatchAppState({ type: 'userInfo', userInfo: afterCheckin(now, answer, Date.now()) });
      showNotice({ message: t('checkin.done', { count: answer.granted, formatted: formatNumber(answer.granted, locale), streak: answer.streak }) });
    } catch (error) {
      const details = apiErrorDetails(error);
      if (details.error === 'ALREADY_CHECKED_IN') {
        // Checked in from another device meanwhile: show the account as it is.
        const fresh = await accountApi.info().catch(() => null);
        if (fresh) dispatchAppState({ type: 'userInfo', userInfo: fresh });
      }
      showNotice({ message: details.message ?? t('checkin.failed') });
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="checkin-title" className="bg-surface px-4 py-4 sm:rounded-lg sm:border sm:border-line sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="checkin-title" className="font-semibold">
            {t('checkin.title')}
          </h2>
          <p className="mt-0.5 text-sm text-muted" data-testid="checkin-streak">
            {streak > 0 ? t('checkin.streak', { count: streak }) : t('checkin.noStreak')}
          </p>
        </div>
        <button
          type="button"
          onClick={() => void checkin()}
          disabled={done || pending}
          data-testid="checkin-button"
          className={done ? secondaryButtonClass : primaryButtonClass}
        >
          {done ? t('checkin.checkedIn') : t('checkin.button')}
        </button>
      </div>
      <ol className="mt-4 grid grid-cols-7 gap-1.5" aria-label={t('checkin.week')}>
        {Array.from({ length: 7 }, (_, i) => {
          const filled = i < Math.min(streak, 7);
          return (
            <li
              key={i}
              className={`grid h-9 place-items-center rounded-md text-xs font-semibold tabular-nums ${filled ? 'bg-live-soft text-green-800 dark:text-live' : 'bg-surface-muted text-muted'}`}
            >
              <span className="sr-only">{filled ? t('checkin.dayDone', { day: i + 1 }) : t('checkin.dayOpen', { day: i + 1 })}</span>
              <span aria-hidden="true">{filled ? '✓' : i + 1}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** /personal-center/personal-center: who you are, your points, your invitation code, the check-in. */
export default function OverviewRoute() {
  const { t } = useTranslation('personalCenter');
  const user = useCurrentUser();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const hydrated = useHydrated();
  if (user === null) return null;

  async function copy(text: string) {
    showNotice({ message: (await copyText(text)) ? t('invite.copied') : t('invite.copyFailed') });
  }
  const inviteLink = !hydrated ? '' : `${window.location.origin}${localize('/register')}?invite=${encodeURIComponent(user.invite_code)}`;

  return (
    <div className="grid gap-3">
      <section aria-labelledby="profile-title" className="bg-surface px-4 py-5 sm:rounded-lg sm:border sm:border-line sm:px-6">
        <h1 className="sr-only">{t('page.title')}</h1>
        <div className="flex items-center gap-4">
          <LocalLink to={personalCenterPath('avatar')} className="relative shrink-0 rounded-full" aria-label={t('views.avatar')}>
            <Avatar id={user.avatar} size={72} />
            <span aria-hidden="true" className="absolute -end-0.5 -bottom-0.5 grid size-6 place-items-center rounded-full border-2 border-surface bg-accent text-xs text-accent-contrast">
              ✎
            </span>
          </LocalLink>
          <div className="min-w-0">
            <h2 id="profile-title" data-testid="profile-nickname" className="truncate text-xl font-bold">
              {user.nickname}
            </h2>
            <p className="truncate text-sm text-muted">{user.email}</p>
          </div>
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-3">
          <div className="rounded-md bg-surface-muted px-3 py-2.5">
            <dt className="text-xs text-muted">{t('overview.pointsLabel')}</dt>
            <dd>
              <LocalLink to={personalCenterPath('pointsRecord')} className="text-lg font-bold tabular-nums hover:text-accent" data-testid="profile-points">
                {formatNumber(user.points, locale)}
              </LocalLink>
            </dd>
          </div>
          <div className="rounded-md bg-surface-muted px-3 py-2.5">
            <dt className="text-xs text-muted">{t('invite.codeLabel')}</dt>
            <dd className="flex items-center gap-2">
              <span className="font-mono text-lg font-bold tracking-wider" data-testid="invite-code">
                {user.invite_code}
              </span>
              <button type="button" onClick={() => void copy(user.invite_code)} className="text-xs font-semibold text-accent hover:underline">
                {t('invite.copy')}
              </button>
            </dd>
          </div>
        </dl>
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <span>{t('invite.hint')}</span>
          {inviteLink ? (
            <button type="button" onClick={() => void copy(inviteLink)} className="font-semibold text-accent hover:underline">
              {t('invite.copyLink')}
            </button>
          ) : null}
        </p>
      </section>
      <CheckinCard user={user} />
      <div className="lg:hidden">
        <CenterMenu variant="list" />
      </div>
    </div>
  );
}
