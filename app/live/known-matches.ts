import type { Competition, FootballGroup, FootballMatch } from '../../core/contracts/matches';

/**
 * The last-known state of the football matches the open pages have shown (names, score,
 * status, clock start, is_collect), so the goal pop-up works on any page.
 *
 * Only matches a page has loaded are known, and the pop-up fires only for them: a live message
 * carries ids and scores but no team names, and without the previous score we could not tell
 * a goal from a misjudged one or which side scored, nor whether the match is collected (for
 * the "collected games" setting). A pop-up without those would be noise.
 */
export interface KnownMatches {
  rememberGroups(groups: readonly FootballGroup[]): void;
  remember(match: FootballMatch): void;
  find(matchId: number): FootballMatch | null;
  size(): number;
  /** the competitions a list named, to know the hot ones (the default goal pop-ups, decision 110) */
  rememberCompetitions(competitions: Readonly<Record<string, Pick<Competition, 'competition_id' | 'is_hot'>>>): void;
  isHotCompetition(competitionId: number): boolean;
}

/** A day rarely has more than a couple of thousand matches; the cap only stops unbounded growth. */
export const KNOWN_MATCHES_LIMIT = 5000;

export function createKnownMatches(limit: number = KNOWN_MATCHES_LIMIT): KnownMatches {
  const known = new Map<number, FootballMatch>();
  const hot = new Set<number>();
  function remember(match: FootballMatch) {
    // Re-inserting moves the match to the end, so the oldest-seen go first when over the cap.
    known.delete(match.match_id);
    known.set(match.match_id, match);
    if (known.size > limit) {
      const oldest = known.keys().next();
      if (!oldest.done) known.delete(oldest.value);
    }
  }
  return {
    rememberGroups(groups) {
      for (const group of groups) for (const match of group.matches) remember(match);
    },
    remember,
    find: (matchId) => known.get(matchId) ?? null,
    size: () => known.size,
    rememberCompetitions(competitions) {
      for (const competition of Object.values(competitions)) {
        if (competition.is_hot) hot.add(competition.competition_id);
        else hot.delete(competition.competition_id);
      }
    },
    isHotCompetition: (competitionId) => hot.has(competitionId),
  };
}

/** The tab's cache, fed by the score pages' data and kept current by the pop-up layer. */
export const knownFootballMatches: KnownMatches = createKnownMatches();
