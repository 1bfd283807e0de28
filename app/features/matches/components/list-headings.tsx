import { useTranslation } from 'react-i18next';
import type { Competition } from '../../../../core/contracts/matches';
import { LocalLink } from '../../../components/local-link';
import type { SectionId } from '../rows';
import { Crest } from '../../../components/match/match-parts';

export function SectionHeading({ section, count }: { section: SectionId; count: number }) {
  const { t } = useTranslation('scores');
  return (
    <h2 className="flex items-center gap-2 border-b border-line bg-surface-muted px-3 pt-4 pb-2 text-sm font-bold tracking-wide uppercase">
      {section === 'live' && (
        <span aria-hidden="true" className="relative flex size-2">
          <span className="absolute inline-flex size-full rounded-full bg-live opacity-75 motion-safe:animate-ping" />
          <span className="relative inline-flex size-2 rounded-full bg-live" />
        </span>
      )}
      <span>{t(`section.${section}`)}</span>
      <span className="rounded-full bg-line px-2 py-0.5 text-xs font-semibold text-text tabular-nums">{count}</span>
    </h2>
  );
}

export function CompetitionHeading({ competition }: { competition: Competition | undefined }) {
  const { t } = useTranslation('scores');
  return (
    <h3 className="flex min-h-9 items-center gap-2 border-b border-line bg-surface px-3 py-1.5 text-[13px] font-semibold">
      {competition ? (
        <LocalLink to={`/competition/${competition.competition_id}`} className="flex min-w-0 items-center gap-2 hover:underline">
          <Crest src={competition.logo} size={18} />
          <span className="truncate">{competition.name}</span>
        </LocalLink>
      ) : (
        <span className="truncate">{t('list.unknownCompetition')}</span>
      )}
      {competition && competition.country !== '' && <span className="truncate text-xs font-normal text-muted">{competition.country}</span>}
      {competition?.is_hot && (
        <span className="ms-auto shrink-0 rounded bg-accent-soft px-1.5 py-0.5 text-xs leading-none font-bold tracking-wide text-accent uppercase">
          {t('list.hot')}
        </span>
      )}
    </h3>
  );
}
