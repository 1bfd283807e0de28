import { useTranslation } from 'react-i18next';
import { LocalLink } from './local-link';

const LIVE_LINKS = [
  { to: '/', label: 'comingSoon.page.liveScores', end: true },
  { to: '/football', label: 'comingSoon.page.football', end: false },
  { to: '/basketball', label: 'comingSoon.page.basketball', end: false },
] as const;

/**
 * An area of Tribün that later issues build. It says so plainly, says in one sentence what the
 * area will offer, and sends the reader back to what works today: live scores.
 */
export function ComingSoon(props: { title: string; offer: string; section?: string | null; lead?: string }) {
  const { t } = useTranslation('common');
  return (
    <article className="mx-auto max-w-3xl bg-surface px-4 py-6 sm:rounded-lg sm:border sm:border-line sm:px-6">
      <p className="mb-2 inline-block rounded-full bg-goal-soft px-2.5 py-0.5 text-xs font-semibold text-goal">
        {t('comingSoon.page.badge')}
      </p>
      <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{props.title}</h1>
      {props.section ? <p className="mt-1 text-muted">{t('comingSoon.page.section', { name: props.section })}</p> : null}
      <p className="mt-4 text-base font-medium">{props.lead ?? t('comingSoon.page.lead')}</p>
      <h2 className="mt-4 text-sm font-semibold tracking-wide text-muted uppercase">{t('comingSoon.page.willOffer')}</h2>
      <p className="mt-1 text-base leading-relaxed">{props.offer}</p>
      <p className="mt-6 text-muted">{t('comingSoon.page.meanwhile')}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {LIVE_LINKS.map((link) => (
          <li key={link.to}>
            <LocalLink
              to={link.to}
              end={link.end}
              className="inline-flex items-center gap-1.5 rounded-md bg-accent px-3 py-2 font-semibold text-accent-contrast hover:bg-accent-strong"
            >
              {link.to === '/' ? <span aria-hidden="true" className="size-2 rounded-full bg-live ring-2 ring-white/70" /> : null}
              {t(link.label)}
            </LocalLink>
          </li>
        ))}
      </ul>
    </article>
  );
}
