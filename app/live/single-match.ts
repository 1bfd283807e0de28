import type { BasketballMatch, FootballMatch, LiveMessage } from '../../core/contracts/matches';
import {
  applyBasketballMessage,
  applyFootballMessage,
  createBasketballLists,
  type FootballLists,
  type GoalPopup,
} from '../../core/match/lists';
import { basketballListKind, footballListKind } from '../../core/match/status';

/**
 * One match run through the core list reducers, for views that show a single match (detail
 * pages, the goal pop-up): the same rules as the lists, without a second copy of them.
 */

function footballListsOf(match: FootballMatch): FootballLists {
  const lists: FootballLists = {
    competitions: {},
    hot: [],
    teams: {},
    live: [],
    notStarted: [],
    finished: [],
    other: [],
    changedAt: {},
  };
  lists[footballListKind(match.status_id)] = [{ competition_id: match.competition_id, matches: [match] }];
  return lists;
}

function onlyFootballMatch(lists: FootballLists): FootballMatch | null {
  for (const groups of [lists.live, lists.notStarted, lists.finished, lists.other]) {
    const match = groups[0]?.matches[0];
    if (match !== undefined) return match;
  }
  return null;
}

/** The match after a live message (the same object when the message is about another match or changes nothing). */
export function applyFootballMessageToMatch(
  match: FootballMatch,
  message: LiveMessage,
  nowMs: number,
): { match: FootballMatch; popup: GoalPopup | null } {
  if (message.data.match_id !== match.match_id) return { match, popup: null };
  const result = applyFootballMessage(footballListsOf(match), message, nowMs);
  return { match: onlyFootballMatch(result.lists) ?? match, popup: result.popup };
}

export function applyBasketballMessageToMatch(match: BasketballMatch, message: LiveMessage, nowMs: number): BasketballMatch {
  if (message.data.match_id !== match.match_id) return match;
  const kind = basketballListKind(match.status_id);
  const lists = createBasketballLists({
    competitionList: [],
    matchIngList: kind === 'live' ? [match] : [],
    matchWaitList: kind === 'waiting' ? [match] : [],
    matchEndList: kind === 'finished' ? [match] : [],
  });
  const next = applyBasketballMessage(lists, message, nowMs);
  return next.live[0] ?? next.waiting[0] ?? next.finished[0] ?? match;
}
