import { GOAL_SOUND_MIN_GAP_MS } from './constants';

/**
 * A user's alert settings, the specification's event_msg_status (section 3). The keys keep
 * the specification's spelling ("voice_stauts") so stored settings and API bodies match it.
 * - all_comp: goal pop-ups for every competition
 * - game_collect: goal pop-ups for the reader's own matches: starred matches, matches of followed
 *   teams and competitions, and the hot competitions' while the reader follows nothing (decision 110)
 * - voice_stauts: the goal sound
 * - guess_result, pre_result, activity_result: result pop-ups of guessing, predictions, activities
 */
export interface AlertSettings {
  all_comp: boolean;
  game_collect: boolean;
  voice_stauts: boolean;
  guess_result: boolean;
  pre_result: boolean;
  activity_result: boolean;
}

export type ResultPopupKind = 'guess_result' | 'pre_result' | 'activity_result';

const ALERT_KEYS = ['all_comp', 'game_collect', 'voice_stauts', 'guess_result', 'pre_result', 'activity_result'] as const;

/**
 * Everything on except goal pop-ups for every competition (decision 110): on a busy evening
 * those were a pop-up a minute over every page. Goals pop up for the reader's own matches —
 * or the hot competitions' while they follow nothing — until they choose "all competitions".
 */
export const DEFAULT_ALERT_SETTINGS: Readonly<AlertSettings> = Object.freeze({
  all_comp: false,
  game_collect: true,
  voice_stauts: true,
  guess_result: true,
  pre_result: true,
  activity_result: true,
});

/** How the reader stands to a match whose score changed. */
export interface GoalPopupReader {
  /** the reader starred the match */
  isStarred: boolean;
  /** the reader follows the match's competition or one of its teams */
  isFollowed: boolean;
  /** the reader stars or follows anything at all */
  followsAnything: boolean;
  /** the match's competition is one of the hot ones */
  isHotCompetition: boolean;
}

/**
 * Whether a goal (or misjudged) pop-up is shown for a match whose score changed in a pop-up
 * status (decision 110): every competition when all_comp is on; with game_collect, the
 * reader's starred matches and the matches of the teams and competitions they follow, and for
 * a reader who follows nothing yet the hot competitions' matches; nothing when both are off.
 */
export function shouldShowGoalPopup(options: { settings: AlertSettings; reader: GoalPopupReader }): boolean {
  const { settings, reader } = options;
  if (settings.all_comp) return true;
  if (!settings.game_collect) return false;
  if (reader.isStarred || reader.isFollowed) return true;
  return !reader.followsAnything && reader.isHotCompetition;
}

/** The goal sound accompanies a goal pop-up the user gets; callers ask this after shouldShowGoalPopup. */
export function shouldPlayGoalSound(settings: AlertSettings): boolean {
  return settings.voice_stauts;
}

/** Guess, prediction and activity result pop-ups are suppressed when their setting is off. */
export function shouldShowResultPopup(kind: ResultPopupKind, settings: AlertSettings): boolean {
  return settings[kind];
}

/**
 * "Goal sound at most once per 2000 ms" (section 9). Returns a gate to call when a sound is
 * due: it answers true (play) at most once per gap. A clock that went backwards re-opens the
 * gate instead of muting goals until it catches up again.
 */
export function createSoundGate(minGapMs: number = GOAL_SOUND_MIN_GAP_MS): (nowMs: number) => boolean {
  let lastPlayedMs: number | null = null;
  return (nowMs: number) => {
    if (lastPlayedMs !== null && nowMs >= lastPlayedMs && nowMs - lastPlayedMs < minGapMs) return false;
    lastPlayedMs = nowMs;
    return true;
  };
}

function parseFlag(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  // Stored or served settings often come as 0/1 or their strings.
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return fallback;
}

/**
 * Reads alert settings from anything (an API body, local storage JSON, a cookie): each key
 * that is missing or unreadable takes its default, so a damaged value never mutes alerts.
 */
export function parseAlertSettings(input: unknown): AlertSettings {
  let source: unknown = input;
  if (typeof source === 'string') {
    try {
      source = JSON.parse(source) as unknown;
    } catch {
      source = null;
    }
  }
  const record = typeof source === 'object' && source !== null && !Array.isArray(source) ? (source as Record<string, unknown>) : {};
  const settings = { ...DEFAULT_ALERT_SETTINGS };
  for (const key of ALERT_KEYS) settings[key] = parseFlag(record[key], DEFAULT_ALERT_SETTINGS[key]);
  return settings;
}
