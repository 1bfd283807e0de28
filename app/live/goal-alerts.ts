import {
  createSoundGate,
  shouldPlayGoalSound,
  shouldShowGoalPopup,
  shouldShowResultPopup,
  type AlertSettings,
  type ResultPopupKind,
} from '../../core/alerts';
import type { FootballMatch, LiveMessage } from '../../core/contracts/matches';
import { footballClock, type FootballClock } from '../../core/match/clock';
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
  /** the clock at the moment of the goal */
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

/** The latest named goal or own goal of the side that scored, among a message's events. */
export function scorerOf(message: LiveMessage, goalTeam: 'home' | 'away'): GoalScorer | null {
  const events = message.data.events ?? [];
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index]!;
    if ((event.type !== EVENT_GOAL && event.type !== EVENT_OWN_GOAL) || event.side !== goalTeam) continue;
    if (event.player === null) return null;
    const minute = event.added_minute === null ? String(event.minute) : `${event.minute}+${event.added_minute}`;
    return { player: event.player, minute, ownGoal: event.type === EVENT_OWN_GOAL };
  }
  return null;
}

export interface GoalAlertDecision {
  popup: GoalAlert | null;
  playSound: boolean;
}

/**
 * Turns football live messages into goal pop-ups and sounds (sections 5 and 9): the message is
 * applied to the last-known state of the match with the core list reducer, which decides goal or
 * misjudged; the alert settings (with whether the reader collected the match) decide whether the user sees it;
 * the sound follows its own setting and plays at most once per 2 s. The known state is updated
 * with every message, so the next one compares against the latest score.
 */
export function createGoalAlerts(options: {
  known: KnownMatches;
  getSettings: () => AlertSettings;
  /** whether the reader collected a match; by default the match's own is_collect */
  isCollected?: (match: FootballMatch) => boolean;
  soundGate?: (nowMs: number) => boolean;
}): (message: LiveMessage, nowMs: number) => GoalAlertDecision {
  const isCollected = options.isCollected ?? ((match: FootballMatch) => match.is_collect);
  const soundGate = options.soundGate ?? createSoundGate();
  return (message, nowMs) => {
    const before = options.known.find(message.data.match_id);
    if (before === null) return { popup: null, playSound: false };
    const { match: after, popup: change } = applyFootballMessageToMatch(before, message, nowMs);
    if (after !== before) options.known.remember(after);
    if (change === null) return { popup: null, playSound: false };

    const settings = options.getSettings();
    if (!shouldShowGoalPopup({ settings, isCollected: isCollected(after) })) return { popup: null, playSound: false };
    const popup: GoalAlert = {
      eventType: change.eventType,
      matchId: after.match_id,
      home: after.home_team_name,
      away: after.away_team_name,
      homeScore: after.a0,
      awayScore: after.b0,
      goalTeam: change.goalTeam,
      clock: footballClock(after, Math.floor(nowMs / 1000)),
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
