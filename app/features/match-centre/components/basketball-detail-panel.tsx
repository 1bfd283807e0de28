import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketballOverviewData } from '../../../../core/contracts/match-centre';
import type { BasketballMatch } from '../../../../core/contracts/matches';
import type { BasketballPanel } from '../match-centre.server';
import { useLiveDetail } from '../use-live-detail';
import { BasketballOverviewPanels, BasketballScoreDetailsPanels, PopularLeaguesPanel } from './basketball-panels';
import { H2hPanels } from './h2h';
import { EmptyNote, Panel } from './panel';
import { PlayersPanel } from './players-table';
import { StandingsTable } from './standings-table';

function LiveOverview({ overview, match }: { overview: BasketballOverviewData; match: BasketballMatch }) {
  // Basketball messages carry the team box score (`stats`); there is no timeline or momentum.
  const loaded = useMemo(() => ({ events: [], momentum: [], stats: overview.stats }), [overview]);
  const live = useLiveDetail('basketball', match.match_id, loaded);
  return <BasketballOverviewPanels match={match} stats={live.stats?.kind === 'basketball' ? live.stats : null} round={overview.round} />;
}

/** The basketball match page's current tab; `match` is the live header match (periods, score). */
export function BasketballDetailPanel({ panel, match, nowSec }: { panel: BasketballPanel; match: BasketballMatch; nowSec: number }) {
  const { t } = useTranslation('matchCentre');
  const names = { homeName: match.home_team_name, awayName: match.away_team_name };
  switch (panel.tab) {
    case 'overview':
      return <LiveOverview overview={panel.overview} match={match} />;
    case 'scoreDetails':
      return <BasketballScoreDetailsPanels match={match} />;
    case 'analysis':
      return <H2hPanels data={panel.h2h} sport="basketball" nowSec={nowSec} homeTeamId={match.home_team_id} awayTeamId={match.away_team_id} {...names} />;
    case 'standings':
      return (
        <Panel title={t('standings.title')} id="standings">
          {panel.standings === null ? <EmptyNote>{t('standings.missing')}</EmptyNote> : <StandingsTable standings={panel.standings} sport="basketball" showCompetitionLink />}
        </Panel>
      );
    case 'playerData':
      return <PlayersPanel data={panel.players} sport="basketball" {...names} />;
    case 'popularLeagues':
      return <PopularLeaguesPanel competitions={panel.competitions} isHotList={panel.isHotList} />;
  }
}
