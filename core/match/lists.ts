import type {
  BasketballData,
  BasketballMatch,
  Competition,
  FootballGroup,
  FootballListData,
  FootballMatch,
  LiveMessage,
  Pair,
  Team,
} from '../contracts/matches';
import { NOT_STARTED_STALE_SECONDS, SCORE_CHANGED_FLAG_MS } from '../constants';
import { footballListKind, isBasketballLive, isBasketballTreatedFinished, isFootballPopupStatus } from './status';
import type { FootballListKind } from './status';
import { applyLastGoal } from './last-goal';

/**
 * The browser's in-memory match lists and how live messages change them (section 4,
 * "Live updates"). Every function is pure: it returns new objects and leaves its input alone,
 * and it returns the very same object when nothing changed, so views can skip re-rendering.
 *
 * One rule covers every move: a match lives in the list its status names. The specification
 * spells out live → finished (status 8) and not started → live (2, 3, 4, 5, 7); the same rule
 * also files delayed/interrupted/cancelled matches (9–13) under "other" and brings them back
 * when the feed resumes them, instead of leaving a stale row in the wrong list.
 */

export interface FootballLists {
  competitions: Record<string, Competition>;
  /** ids of hot competitions, in display order */
  hot: number[];
  teams: Record<string, Team>;
  live: FootballGroup[];
  /** soonGlobal and scheduledGlobal merged, in kick-off order */
  notStarted: FootballGroup[];
  finished: FootballGroup[];
  other: FootballGroup[];
  /** match_id → epoch ms of its last score change */
  changedAt: Record<string, number>;
}

export interface GoalPopup {
  eventType: 'goal' | 'misjudged';
  matchId: number;
  goalTeam: 'home' | 'away';
  /** score before the change, [home, away]; the new score is in the updated lists */
  previous: [number, number];
}

export interface FootballMessageResult {
  lists: FootballLists;
  popup: GoalPopup | null;
}

type FootballListName = FootballListKind;
const FOOTBALL_LIST_NAMES: readonly FootballListName[] = ['live', 'notStarted', 'finished', 'other'];

/** Kick-off order: scheduled start, then id so equal starts keep a stable order. */
function compareKickOff(a: { match_time: number; match_id: number }, b: { match_time: number; match_id: number }): number {
  return a.match_time - b.match_time || a.match_id - b.match_id;
}

/** Inserts keeping kick-off order; an unsorted input keeps its order around the new item. */
function insertByKickOff<T extends { match_time: number; match_id: number }>(items: readonly T[], item: T): T[] {
  const at = items.findIndex((other) => compareKickOff(item, other) < 0);
  const next = items.slice();
  next.splice(at === -1 ? items.length : at, 0, item);
  return next;
}

/**
 * Merges the soon and scheduled lists into one not-started list. A competition present in
 * both keeps its soon position and gains its later matches; the server's group order is kept.
 */
function mergeNotStarted(soon: readonly FootballGroup[], scheduled: readonly FootballGroup[]): FootballGroup[] {
  const groups: FootballGroup[] = [];
  const indexOf = new Map<number, number>();
  for (const group of [...soon, ...scheduled]) {
    const at = indexOf.get(group.competition_id);
    if (at === undefined) {
      indexOf.set(group.competition_id, groups.length);
      groups.push({ competition_id: group.competition_id, matches: group.matches.slice().sort(compareKickOff) });
    } else {
      const existing = groups[at]!;
      groups[at] = { ...existing, matches: [...existing.matches, ...group.matches].sort(compareKickOff) };
    }
  }
  return groups;
}

export function createFootballLists(data: FootballListData): FootballLists {
  return {
    competitions: data.competitionIndexArr.all,
    hot: data.competitionIndexArr.hot,
    teams: data.teamIndexArr,
    live: data.liveGlobal,
    notStarted: mergeNotStarted(data.soonGlobal, data.scheduledGlobal),
    finished: data.finishedGlobal,
    other: data.otherGlobal,
    changedAt: {},
  };
}

function findFootball(
  lists: FootballLists,
  matchId: number,
): { list: FootballListName; groupIndex: number; matchIndex: number; match: FootballMatch } | null {
  for (const list of FOOTBALL_LIST_NAMES) {
    const groups = lists[list];
    for (let groupIndex = 0; groupIndex < groups.length; groupIndex += 1) {
      const matches = groups[groupIndex]!.matches;
      const matchIndex = matches.findIndex((m) => m.match_id === matchId);
      if (matchIndex !== -1) return { list, groupIndex, matchIndex, match: matches[matchIndex]! };
    }
  }
  return null;
}

/** Removes one match; a group left empty goes with it. */
function removeFromGroups(groups: readonly FootballGroup[], groupIndex: number, matchIndex: number): FootballGroup[] {
  const group = groups[groupIndex]!;
  const next = groups.slice();
  if (group.matches.length <= 1) {
    next.splice(groupIndex, 1);
  } else {
    next[groupIndex] = { ...group, matches: group.matches.filter((_, i) => i !== matchIndex) };
  }
  return next;
}

/**
 * Adds a match to its competition's group, creating the group when missing. A new group goes
 * before the first group whose first match starts later, so the list stays in kick-off order.
 */
function insertIntoGroups(groups: readonly FootballGroup[], match: FootballMatch): FootballGroup[] {
  const groupIndex = groups.findIndex((g) => g.competition_id === match.competition_id);
  const next = groups.slice();
  if (groupIndex !== -1) {
    const group = groups[groupIndex]!;
    next[groupIndex] = { ...group, matches: insertByKickOff(group.matches, match) };
    return next;
  }
  const at = groups.findIndex((g) => g.matches[0] !== undefined && compareKickOff(match, g.matches[0]) < 0);
  next.splice(at === -1 ? groups.length : at, 0, { competition_id: match.competition_id, matches: [match] });
  return next;
}

function replaceInGroups(groups: readonly FootballGroup[], groupIndex: number, matchIndex: number, match: FootballMatch): FootballGroup[] {
  const group = groups[groupIndex]!;
  const next = groups.slice();
  const matches = group.matches.slice();
  matches[matchIndex] = match;
  next[groupIndex] = { ...group, matches };
  return next;
}

function samePair(a: Pair | null, b: Pair | null): boolean {
  if (a === null || b === null) return a === b;
  return a[0] === b[0] && a[1] === b[1];
}

/** HH:mm in UTC, the contract's format of kick_off_time_str. */
function formatUtcHourMinute(epochSec: number): string {
  const date = new Date(epochSec * 1000);
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}

/** The match with the message's fields applied; the same object when nothing differs. */
function updateFootballMatch(match: FootballMatch, data: LiveMessage['data']): FootballMatch {
  const next: FootballMatch = { ...match, status_id: data.status, a0: data.a0, b0: data.b0 };
  if (data.kick_off_time !== undefined && data.kick_off_time !== match.kick_off_time) {
    next.kick_off_time = data.kick_off_time;
    next.kick_off_time_str = formatUtcHourMinute(data.kick_off_time);
  }
  if (data.red !== undefined) next.red = data.red;
  if (data.yellow !== undefined) next.yellow = data.yellow;
  if (data.corner !== undefined) next.corner = data.corner;
  if (data.ht !== undefined) next.ht = data.ht;
  // The scorer on the row (decision 097): goals of the message's events.
  const lastGoal = applyLastGoal(match.last_goal, data.events);
  if (lastGoal !== match.last_goal) next.last_goal = lastGoal;
  const unchanged =
    next.status_id === match.status_id &&
    next.a0 === match.a0 &&
    next.b0 === match.b0 &&
    next.kick_off_time === match.kick_off_time &&
    samePair(next.red, match.red) &&
    samePair(next.yellow, match.yellow) &&
    samePair(next.corner, match.corner) &&
    samePair(next.ht, match.ht) &&
    next.last_goal === match.last_goal;
  return unchanged ? match : next;
}

/** Records a score change and forgets flags that have run out, so the record stays small. */
function markChanged(changedAt: Record<string, number>, matchId: number, nowMs: number): Record<string, number> {
  const next: Record<string, number> = {};
  for (const [id, at] of Object.entries(changedAt)) {
    if (nowMs - at < SCORE_CHANGED_FLAG_MS) next[id] = at;
  }
  next[String(matchId)] = nowMs;
  return next;
}

/**
 * Goal or misjudged pop-up for a score change (section 5): only while the new status is 2, 3,
 * 4, 5 or 7. A score that went down is misjudged (even if the other side went up in the same
 * message), otherwise it is a goal. goalTeam is the side whose score rose — or, for misjudged,
 * dropped; when both sides moved the same way (a missed message) home is named.
 */
function goalPopupOf(matchId: number, status: number, previous: [number, number], next: [number, number]): GoalPopup | null {
  if (!isFootballPopupStatus(status)) return null;
  const [homeBefore, awayBefore] = previous;
  const [home, away] = next;
  if (home === homeBefore && away === awayBefore) return null;
  if (home < homeBefore || away < awayBefore) {
    return { eventType: 'misjudged', matchId, goalTeam: home < homeBefore ? 'home' : 'away', previous };
  }
  return { eventType: 'goal', matchId, goalTeam: home > homeBefore ? 'home' : 'away', previous };
}

/**
 * Applies one live message (any type: score, stats or others carry the same core fields).
 * A message about a match not in today's lists changes nothing: there is no row to update
 * and no previous score to compare with.
 */
export function applyFootballMessage(lists: FootballLists, msg: LiveMessage, nowMs: number): FootballMessageResult {
  const found = findFootball(lists, msg.data.match_id);
  if (found === null) return { lists, popup: null };
  const { match: before, list: from, groupIndex, matchIndex } = found;
  const after = updateFootballMatch(before, msg.data);
  if (after === before) return { lists, popup: null };

  const next: FootballLists = { ...lists };
  const to = footballListKind(after.status_id);
  if (to === from) {
    next[from] = replaceInGroups(lists[from], groupIndex, matchIndex, after);
  } else {
    next[from] = removeFromGroups(lists[from], groupIndex, matchIndex);
    next[to] = insertIntoGroups(lists[to], after);
  }

  const previous: [number, number] = [before.a0, before.b0];
  const scoreChanged = after.a0 !== before.a0 || after.b0 !== before.b0;
  if (scoreChanged) next.changedAt = markChanged(lists.changedAt, after.match_id, nowMs);
  const popup = scoreChanged ? goalPopupOf(after.match_id, after.status_id, previous, [after.a0, after.b0]) : null;
  return { lists: next, popup };
}

/** True for SCORE_CHANGED_FLAG_MS after the match's score last changed. */
export function isScoreChanged(lists: { changedAt: Record<string, number> }, matchId: number, nowMs: number): boolean {
  const at = lists.changedAt[String(matchId)];
  if (at === undefined) return false;
  const elapsed = nowMs - at;
  return elapsed >= 0 && elapsed < SCORE_CHANGED_FLAG_MS;
}

/**
 * Not-started lists drop matches whose start was more than 120 minutes ago (sections 5 and 9):
 * a match still "not started" that long after its start is stale. Exactly 120 minutes stays.
 * Empty groups go too. Unchanged groups (and an unchanged list) keep their identity.
 */
export function dropStaleNotStarted(groups: FootballGroup[], nowSec: number): FootballGroup[] {
  let changed = false;
  const next: FootballGroup[] = [];
  for (const group of groups) {
    const fresh = group.matches.filter((m) => nowSec - m.match_time <= NOT_STARTED_STALE_SECONDS);
    if (fresh.length === group.matches.length) {
      next.push(group);
    } else {
      changed = true;
      if (fresh.length > 0) next.push({ ...group, matches: fresh });
    }
  }
  return changed ? next : groups;
}

/** Hot lists keep only groups of hot competitions, in the list's own order. */
export function hotOnly(groups: FootballGroup[], hot: readonly number[]): FootballGroup[] {
  const hotIds = new Set(hot);
  return groups.filter((g) => hotIds.has(g.competition_id));
}

export function countMatches(groups: readonly { matches: readonly unknown[] }[]): number {
  return groups.reduce((sum, g) => sum + g.matches.length, 0);
}

export interface BasketballLists {
  competitions: Record<string, Competition>;
  live: BasketballMatch[];
  /** not started (and abnormal) */
  waiting: BasketballMatch[];
  /** ended, plus interrupted, cancelled, delayed, cut in half and to be determined (11–15) */
  finished: BasketballMatch[];
  /** match_id → epoch ms of its last score change */
  changedAt: Record<string, number>;
}

type BasketballListName = 'live' | 'waiting' | 'finished';
const BASKETBALL_LIST_NAMES: readonly BasketballListName[] = ['live', 'waiting', 'finished'];

/** The in-memory list of a status: the server's lists, except that 11–15 count as finished. */
function basketballLocalList(status: number): BasketballListName {
  if (isBasketballTreatedFinished(status)) return 'finished';
  if (isBasketballLive(status)) return 'live';
  return 'waiting';
}

export function createBasketballLists(data: BasketballData): BasketballLists {
  const competitions: Record<string, Competition> = {};
  for (const c of data.competitionList) competitions[String(c.competition_id)] = c;
  let finished = data.matchEndList;
  const waiting: BasketballMatch[] = [];
  for (const match of data.matchWaitList) {
    if (isBasketballTreatedFinished(match.status_id)) finished = insertByKickOff(finished, match);
    else waiting.push(match);
  }
  return { competitions, live: data.matchIngList, waiting, finished, changedAt: {} };
}

function samePeriods(a: readonly Pair[], b: readonly Pair[]): boolean {
  return a.length === b.length && a.every((p, i) => samePair(p, b[i]!));
}

function updateBasketballMatch(match: BasketballMatch, data: LiveMessage['data']): BasketballMatch {
  const next: BasketballMatch = { ...match, status_id: data.status, a0: data.a0, b0: data.b0 };
  if (data.periods !== undefined) next.periods = data.periods;
  if (data.clock !== undefined) next.clock = data.clock;
  const unchanged =
    next.status_id === match.status_id &&
    next.a0 === match.a0 &&
    next.b0 === match.b0 &&
    next.clock === match.clock &&
    samePeriods(next.periods, match.periods);
  return unchanged ? match : next;
}

/**
 * Applies one live message on the basketball topic: updates score, periods and clock, moves
 * the match to the list its status names, and flags a score change for SCORE_CHANGED_FLAG_MS.
 * Basketball has no goal pop-up, so only the lists come back.
 */
export function applyBasketballMessage(lists: BasketballLists, msg: LiveMessage, nowMs: number): BasketballLists {
  const matchId = msg.data.match_id;
  for (const from of BASKETBALL_LIST_NAMES) {
    const index = lists[from].findIndex((m) => m.match_id === matchId);
    if (index === -1) continue;
    const before = lists[from][index]!;
    const after = updateBasketballMatch(before, msg.data);
    if (after === before) return lists;
    const next: BasketballLists = { ...lists };
    const to = basketballLocalList(after.status_id);
    if (to === from) {
      const items = lists[from].slice();
      items[index] = after;
      next[from] = items;
    } else {
      next[from] = lists[from].filter((_, i) => i !== index);
      next[to] = insertByKickOff(lists[to], after);
    }
    if (after.a0 !== before.a0 || after.b0 !== before.b0) next.changedAt = markChanged(lists.changedAt, matchId, nowMs);
    return next;
  }
  return lists;
}
