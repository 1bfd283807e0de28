import { useTranslation } from 'react-i18next';
import type { FootballStats, MatchEvent, MomentumMinute } from '../../../../core/contracts/match-data';
import type { ScoreDetails } from '../../../../core/contracts/match-centre';
import type { FootballMatch } from '../../../../core/contracts/matches';
import { FOOTBALL_STATUS } from '../../../../core/match/status';
import { LocalLink } from '../../../components/local-link';
import { MomentumChart } from './momentum-chart';
import { EmptyNote, Panel } from './panel';
import { ScoreDetailsLine, ScoreDetailsTable } from './score-details';
import { FOOTBALL_ALL_STATS, FOOTBALL_KEY_STATS, StatBars } from './stat-bars';
import { Timeline } from './timeline';

export interface FootballLiveView {
  match: FootballMatch;
  events: readonly MatchEvent[];
  stats: FootballStats | null;
  momentum: readonly MomentumMinute[];
  scoreDetails: ScoreDetails;
}

function hasStarted(match: FootballMatch): boolean {
  return match.status_id !== FOOTBALL_STATUS.NOT_STARTED;
}

/** The overview tab: score by period, the timeline, key statistics and the momentum chart. */
export function FootballOverviewPanels({ view, round }: { view: FootballLiveView; round: string | null }) {
  const { t } = useTranslation('matchCentre');
  const { match } = view;
  const names = { homeName: match.home_team_name, awayName: match.away_team_name };
  return (
    <>
      {(view.scoreDetails.periods.length > 0 || round !== null) && (
        <div className="border-b border-line px-3 py-2.5">
          {round !== null && <p className="mb-1 text-center text-xs text-muted">{t('overview.round', { round })}</p>}
          <ScoreDetailsLine details={view.scoreDetails} />
        </div>
      )}
      <Panel title={t('timeline.title')} id="timeline">
        <Timeline events={view.events} {...names} started={hasStarted(match)} />
      </Panel>
      <Panel title={t('stats.keyTitle')} id="key-stats">
        <StatBars stats={view.stats} keys={FOOTBALL_KEY_STATS} {...names} empty={hasStarted(match) ? t('stats.emptyStarted') : t('stats.emptyNotStarted')} />
      </Panel>
      <Panel title={t('momentum.heading')} id="momentum">
        <MomentumChart minutes={view.momentum} {...names} />
      </Panel>
    </>
  );
}

/** The score details tab ("scoreDetails"): scores by period and every statistic the feed gives. */
export function FootballScoreDetailsPanels({ view }: { view: FootballLiveView }) {
  const { t } = useTranslation('matchCentre');
  const { match } = view;
  const names = { homeName: match.home_team_name, awayName: match.away_team_name };
  return (
    <>
      <Panel title={t('period.title')} id="periods">
        <ScoreDetailsTable details={view.scoreDetails} {...names} />
      </Panel>
      <Panel title={t('stats.allTitle')} id="all-stats">
        <StatBars stats={view.stats} keys={FOOTBALL_ALL_STATS} {...names} empty={hasStarted(match) ? t('stats.emptyStarted') : t('stats.emptyNotStarted')} />
      </Panel>
    </>
  );
}

/** The predictions tab: the prediction centre comes with a later release, and says so. */
export function PredictionsPlaceholder() {
  const { t } = useTranslation('matchCentre');
  return (
    <Panel title={t('predictions.title')} id="predictions">
      <EmptyNote>{t('predictions.text')}</EmptyNote>
      <p className="mt-3 text-center">
        <LocalLink to="/forecast" className="inline-block rounded-md bg-accent px-3 py-2 text-sm font-semibold text-accent-contrast hover:bg-accent-strong">
          {t('predictions.link')}
        </LocalLink>
      </p>
    </Panel>
  );
}
