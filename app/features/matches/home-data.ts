import type { FootballListData, HotListData } from '../../../core/contracts/matches';
import { countMatches, hotOnly } from '../../../core/match/lists';

/** Competitions of the home page's hot list page, in the hot list's order, each once. */
export function hotPageCompetitionIds(hot: Pick<HotListData, 'list'>): number[] {
  return [...new Set(hot.list.map((group) => group.competition_id))];
}

/**
 * The day's football narrowed to some competitions (core hotOnly on every list). The home page
 * sends only these to the browser: the whole day would be most of its payload, for rows it never shows.
 */
export function restrictFootballData(data: FootballListData, competitionIds: readonly number[]): FootballListData {
  const ids = new Set(competitionIds);
  const all: FootballListData['competitionIndexArr']['all'] = {};
  for (const [id, competition] of Object.entries(data.competitionIndexArr.all)) {
    if (ids.has(competition.competition_id)) all[id] = competition;
  }
  const lists = {
    liveGlobal: hotOnly(data.liveGlobal, competitionIds),
    soonGlobal: hotOnly(data.soonGlobal, competitionIds),
    scheduledGlobal: hotOnly(data.scheduledGlobal, competitionIds),
    finishedGlobal: hotOnly(data.finishedGlobal, competitionIds),
    otherGlobal: hotOnly(data.otherGlobal, competitionIds),
  };
  const teams: FootballListData['teamIndexArr'] = {};
  for (const groups of Object.values(lists)) {
    for (const group of groups) {
      for (const match of group.matches) {
        for (const teamId of [match.home_team_id, match.away_team_id]) {
          const team = data.teamIndexArr[String(teamId)];
          if (team !== undefined) teams[String(teamId)] = team;
        }
      }
    }
  }
  return { competitionIndexArr: { hot: data.competitionIndexArr.hot.filter((id) => ids.has(id)), all }, teamIndexArr: teams, ...lists };
}

export interface FootballDayCounts {
  live: number;
  notStarted: number;
  finished: number;
  total: number;
}

export function countFootballDay(data: FootballListData): FootballDayCounts {
  const live = countMatches(data.liveGlobal);
  const notStarted = countMatches(data.soonGlobal) + countMatches(data.scheduledGlobal);
  const finished = countMatches(data.finishedGlobal);
  return { live, notStarted, finished, total: live + notStarted + finished + countMatches(data.otherGlobal) };
}
