import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { LocalLink } from '../../../components/local-link';
import { pageMeta } from '../../../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'activity.page.title', description: 'activity.page.description' });

/** Where the daily check-in works today: the personal centre's overview. */
const CHECKIN_PATH = '/personal-center/personal-center';

const LIVE_LINKS = [
  { to: '/', label: 'comingSoon.page.liveScores', end: true },
  { to: '/football', label: 'comingSoon.page.football', end: false },
  { to: '/basketball', label: 'comingSoon.page.basketball', end: false },
] as const;

/**
 * /activity/{type?}/{id?}: the activity centre. Its daily check-in already works in the personal
 * centre, so the page sends the reader there; tasks and rewards are a later issue, and the page
 * says so in the words of every not-built page (decision 089).
 */
export default function ActivityRoute() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  return (
    <article className="mx-auto max-w-3xl bg-surface px-4 py-6 sm:rounded-lg sm:border sm:border-line sm:px-6">
      <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('activity.page.title')}</h1>

      <section aria-labelledby="activity-checkin" className="mt-4">
        <h2 id="activity-checkin" className="text-lg font-semibold">
          {t('activity.page.checkinTitle')}
        </h2>
        <p className="mt-1 text-base leading-relaxed">{t('activity.page.checkin')}</p>
        <p className="mt-3">
          <LocalLink
            to={CHECKIN_PATH}
            className="inline-flex items-center rounded-md bg-accent px-3 py-2 font-semibold text-accent-contrast hover:bg-accent-strong"
          >
            {t('activity.page.checkinAction')}
          </LocalLink>
        </p>
      </section>

      <section aria-labelledby="activity-tasks" className="mt-6 border-t border-line pt-4">
        <p className="mb-2 inline-block rounded-full bg-goal-soft px-2.5 py-0.5 text-xs font-semibold text-goal">
          {tc('comingSoon.page.badge')}
        </p>
        <h2 id="activity-tasks" className="text-lg font-semibold">
          {t('activity.page.tasksTitle')}
        </h2>
        <p className="mt-1 text-base font-medium">{t('activity.page.tasksLead')}</p>
        <h2 className="mt-4 text-sm font-semibold tracking-wide text-muted uppercase">{tc('comingSoon.page.willOffer')}</h2>
        <p className="mt-1 text-base leading-relaxed">{t('activity.page.offer')}</p>
        <p className="mt-6 text-muted">{tc('comingSoon.page.meanwhile')}</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {LIVE_LINKS.map((link) => (
            <li key={link.to}>
              <LocalLink
                to={link.to}
                end={link.end}
                className="inline-flex items-center rounded-md border border-line px-3 py-2 font-semibold hover:border-accent"
              >
                {tc(link.label)}
              </LocalLink>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
