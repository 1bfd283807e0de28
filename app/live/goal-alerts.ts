import {
  createSoundGate,
  shouldPlayGoalSound,
  shouldShowGoalPopup,
  shouldShowResultPopup,
  type AlertSettings,
  type GoalPopupReader,
  type ResultPopupKind,
} from '../../core/alerts';
import type { FootballMatch, LiveMessage } from '../../core/contracts/matches';
import { footballClock, type FootballClock } from '../../core/match/clock';
import { elapsedMinute, formatMinute, minuteOfEvent } from '../../core/match/minute';
import type { KnownMatches } from './known-matches';
import { applyFootballMessageToMatch } from './single-match';

/** What a goal (or misjudged) pop-up shows. */
export interface GoalAlert {
  eventType: 'goal' | 'misjudged';
  matchId: number;
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
  goalTeam: 'home' | 'away';
  /**
   * the goal's minute: the goal event's own minute when the message carries it, so the title
   * and the scorer line read the same minute as the timeline (decision 111); else the running
   * clock when the message came
   */
  clock: FootballClock;
  /** who scored and when ("67", "45+2"), when the message's events name the scorer (decision 097) */
  scorer: GoalScorer | null;
}

export interface GoalScorer {
  player: string;
  minute: string;
  ownGoal: boolean;
}

const EVENT_GOAL = 0;
const EVENT_OWN_GOAL = 15;

type ScoreEvent = NonNullable<LiveMessage['data']['events']>[number];

/** The latest goal or own goal of the side that scored, among a message's events. */
function goalEventOf(message: LiveMessage, goalTeam: 'home' | 'away'): ScoreEvent | null {
  const events = message.data.events ?? [];
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index]!;
    if ((event.type === EVENT_GOAL || event.type === EVENT_OWN_GOAL) && event.side === goalTeam) return event;
  }
  return null;
}

/** The latest named goal or own goal of the side that scored, among a message's events. */
export function scorerOf(message: LiveMessage, goalTeam: 'home' | 'away'): GoalScorer | null {
  const event = goalEventOf(message, goalTeam);
  if (event === null || event.player === null) return null;
  return { player: event.player, minute: formatMinute(minuteOfEvent(event)), ownGoal: event.type === EVENT_OWN_GOAL };
}

/** A goal's minute: its event's when the message carries one, else the clock as the message came. */
function goalClock(message: LiveMessage, goalTeam: 'home' | 'away', match: FootballMatch, nowMs: number): FootballClock {
  const event = goalEventOf(message, goalTeam);
  if (event === null) return footballClock(match, Math.floor(nowMs / 1000));
  const minute = minuteOfEvent(event);
  return { kind: 'minute', text: formatMinute(minute), minute: elapsedMinute(minute) };
}

export interface GoalAlertDecision {
  popup: GoalAlert | null;
  playSound: boolean;
}

/**
 * Turns football live messages into goal pop-ups and sounds (sections 5 and 9): the message is
 * applied to the last-known state of the match with the core list reducer, which decides goal or
 * misjudged; the alert settings (with how the reader stands to the match, decision 110) decide whether the user sees it;
 * the sound follows its own setting and plays at most once per 2 s. The known state is updated
 * with every message, so the next one compares against the latest score.
 */
export function createGoalAlerts(options: {
  known: KnownMatches;
  getSettings: () => AlertSettings;
  /**
   * how the reader stands to a match (starred, followed, follows anything); by default the
   * match's own is_collect, and its competition's hotness as the known lists say
   */
  readerOf?: (match: FootballMatch) => GoalPopupReader;
  soundGate?: (nowMs: number) => boolean;
}): (message: LiveMessage, nowMs: number) => GoalAlertDecision {
  const readerOf =
    options.readerOf ??
    ((match: FootballMatch): GoalPopupReader => ({
      isStarred: match.is_collect,
      isFollowed: false,
      followsAnything: match.is_collect,
      isHotCompetition: options.known.isHotCompetition(match.competition_id),
    }));
  const soundGate = options.soundGate ?? createSoundGate();
  return (message, nowMs) => {
    const before = options.known.find(message.data.match_id);
    if (before === null) return { popup: null, playSound: false };
    const { match: after, popup: change } = applyFootballMessageToMatch(before, message, nowMs);
    if (after !== before) options.known.remember(after);
    if (change === null) return { popup: null, playSound: false };

    const settings = options.getSettings();
    if (!shouldShowGoalPopup({ settings, reader: readerOf(after) })) return { popup: null, playSound: false };
    const popup: GoalAlert = {
      eventType: change.eventType,
      matchId: after.match_id,
      home: after.home_team_name,
      away: after.away_team_name,
      homeScore: after.a0,
      awayScore: after.b0,
      goalTeam: change.goalTeam,
      clock: change.eventType === 'goal' ? goalClock(message, change.goalTeam, after, nowMs) : footballClock(after, Math.floor(nowMs / 1000)),
      scorer: change.eventType === 'goal' ? scorerOf(message, change.goalTeam) : null,
    };
    // The gate is asked only when a sound is wanted, so a muted goal does not use up the slot.
    const playSound = shouldPlayGoalSound(settings) && soundGate(nowMs);
    return { popup, playSound };
  };
}

/** A guessing, prediction or activity result pop-up, as user messages will carry it. */
export interface ResultPopupInput {
  kind: ResultPopupKind;
  title: string;
  body: string;
}

/** Whether a result pop-up is shown: each kind has its own switch (section 5, all on by default). */
export function decideResultPopup(input: ResultPopupInput, settings: AlertSettings): boolean {
  return shouldShowResultPopup(input.kind, settings);
}
