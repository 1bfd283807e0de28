import { useTranslation } from 'react-i18next';
import type { FootballMatch } from '../../../../core/contracts/matches';
import type { FootballPanel } from '../match-centre.server';
import { liveScoreDetails } from '../live-detail';
import { useLiveDetail, useLiveLineups } from '../use-live-detail';
import type { FootballOverviewData, LineupsData } from '../../../../core/contracts/match-centre';
import { FootballOverviewPanels, FootballScoreDetailsPanels, PredictionsPanel, type FootballLiveView } from './football-panels';
import { H2hPanels } from './h2h';
import { LineupsPanel } from './lineups';
import { EmptyNote, Panel } from './panel';
import { PlayersPanel } from './players-table';
import { StandingsTable } from './standings-table';

function LiveOverview({ tab, overview, match }: { tab: 'overview' | 'scoreDetails'; overview: FootballOverviewData; match: FootballMatch }) {
  const live = useLiveDetail('football', match.match_id, overview);
  const view: FootballLiveView = {
    match,
    events: live.events,
    stats: live.stats?.kind === 'football' ? live.stats : null,
    momentum: live.momentum,
    scoreDetails: liveScoreDetails(overview.score_details, match),
  };
  return tab === 'overview' ? <FootballOverviewPanels view={view} round={overview.round} /> : <FootballScoreDetailsPanels view={view} />;
}

function LiveLineups({ lineups, match }: { lineups: LineupsData; match: FootballMatch }) {
  const current = useLiveLineups('football', match.match_id, lineups);
  return <LineupsPanel lineups={current} homeName={match.home_team_name} awayName={match.away_team_name} />;
}

/**
 * The football match page's current tab. `match` is the live header match, so score details
 * follow the score; the overview follows the live channel's events, statistics and momentum.
 */
export function FootballDetailPanel({ panel, match, nowSec }: { panel: FootballPanel; match: FootballMatch; nowSec: number }) {
  const { t } = useTranslation('matchCentre');
  const names = { homeName: match.home_team_name, awayName: match.away_team_name };
  switch (panel.tab) {
    case 'overview':
    case 'scoreDetails':
      return <LiveOverview tab={panel.tab} overview={panel.overview} match={match} />;
    case 'sequence':
      return <LiveLineups lineups={panel.lineups} match={match} />;
    case 'h2h':
      return <H2hPanels data={panel.h2h} sport="football" nowSec={nowSec} homeTeamId={match.home_team_id} awayTeamId={match.away_team_id} {...names} />;
    case 'sorting':
      return (
        <Panel title={t('standings.title')} id="standings">
          {panel.standings === null ? <EmptyNote>{t('standings.missing')}</EmptyNote> : <StandingsTable standings={panel.standings} sport="football" showCompetitionLink />}
        </Panel>
      );
    case 'playerData':
      return <PlayersPanel data={panel.players} sport="football" {...names} />;
    case 'predictions':
      return <PredictionsPanel match={match} />;
  }
}
