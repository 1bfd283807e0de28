import { useTranslation } from 'react-i18next';
import type { FootballStats, MatchEvent, MomentumMinute } from '../../../../core/contracts/match-data';
import type { ScoreDetails } from '../../../../core/contracts/match-centre';
import type { FootballMatch } from '../../../../core/contracts/matches';
import { FOOTBALL_STATUS } from '../../../../core/match/status';
import { forecastPaths } from '../../../components/forecast/forecast-paths';
import { PlanList } from '../../../components/forecast/plan-list';
import { LocalLink } from '../../../components/local-link';
import { MomentumChart } from './momentum-chart';
import { Panel } from './panel';
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

/**
 * The predictions tab: the plans tipsters published on this match (loaded in the browser with
 * the reader's session, so locked picks never reach the page's HTML), and, before kick-off, the
 * way to publish one on it.
 */
export function PredictionsPanel({ match }: { match: FootballMatch }) {
  const { t } = useTranslation('matchCentre');
  const { t: tf } = useTranslation('forecast');
  const canPublish = match.status_id === FOOTBALL_STATUS.NOT_STARTED;
  return (
    <Panel
      title={t('predictions.title')}
      id="predictions"
      action={
        canPublish ? (
          <LocalLink
            to={forecastPaths.publish(match.match_id, 'football')}
            className="inline-block rounded-md bg-accent px-3 py-1.5 text-sm font-semibold text-accent-contrast hover:bg-accent-strong"
            data-testid="predictions-publish"
          >
            {tf('matchTab.publish')}
          </LocalLink>
        ) : null
      }
    >
      <p className="mb-3 text-sm text-muted">{t('predictions.text')}</p>
      <PlanList query={{ view: 'upToDate', match_id: match.match_id }} empty={canPublish ? tf('matchTab.emptyOpen') : tf('matchTab.emptyClosed')} />
      <p className="mt-3 text-center">
        <LocalLink to={forecastPaths.home} className="text-sm font-medium text-accent hover:underline">
          {t('predictions.link')}
        </LocalLink>
      </p>
    </Panel>
  );
}
