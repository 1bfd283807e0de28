import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALERT_SETTINGS,
  createSoundGate,
  parseAlertSettings,
  shouldPlayGoalSound,
  shouldShowGoalPopup,
  shouldShowResultPopup,
} from './alerts';
import type { AlertSettings, GoalPopupReader } from './alerts';

const settings = (over: Partial<AlertSettings>): AlertSettings => ({ ...DEFAULT_ALERT_SETTINGS, ...over });

describe('defaults', () => {
  it('every alert is on by default except goal pop-ups for every competition (decision 110)', () => {
    expect(DEFAULT_ALERT_SETTINGS).toEqual({
      all_comp: false,
      game_collect: true,
      voice_stauts: true,
      guess_result: true,
      pre_result: true,
      activity_result: true,
    });
  });
});

const reader = (over: Partial<GoalPopupReader>): GoalPopupReader => ({
  isStarred: false,
  isFollowed: false,
  followsAnything: false,
  isHotCompetition: false,
  ...over,
});

describe('shouldShowGoalPopup (decision 110)', () => {
  it('by default, pops up the starred matches and those of followed teams and competitions, and nothing else', () => {
    const follower = { followsAnything: true };
    expect(shouldShowGoalPopup({ settings: DEFAULT_ALERT_SETTINGS, reader: reader({ ...follower, isStarred: true }) })).toBe(true);
    expect(shouldShowGoalPopup({ settings: DEFAULT_ALERT_SETTINGS, reader: reader({ ...follower, isFollowed: true }) })).toBe(true);
    expect(shouldShowGoalPopup({ settings: DEFAULT_ALERT_SETTINGS, reader: reader(follower) })).toBe(false);
    // A follower's own choice counts, not the hot list.
    expect(shouldShowGoalPopup({ settings: DEFAULT_ALERT_SETTINGS, reader: reader({ ...follower, isHotCompetition: true }) })).toBe(false);
  });

  it('by default, pops up the hot competitions for a reader who follows nothing', () => {
    expect(shouldShowGoalPopup({ settings: DEFAULT_ALERT_SETTINGS, reader: reader({ isHotCompetition: true }) })).toBe(true);
    expect(shouldShowGoalPopup({ settings: DEFAULT_ALERT_SETTINGS, reader: reader({}) })).toBe(false);
  });

  it('with all competitions, pops up every match', () => {
    expect(shouldShowGoalPopup({ settings: settings({ all_comp: true, game_collect: false }), reader: reader({}) })).toBe(true);
    expect(shouldShowGoalPopup({ settings: settings({ all_comp: true }), reader: reader({ followsAnything: true }) })).toBe(true);
  });

  it('with both off, pops up nothing, starred or not', () => {
    const off = settings({ all_comp: false, game_collect: false });
    expect(shouldShowGoalPopup({ settings: off, reader: reader({ isStarred: true, followsAnything: true }) })).toBe(false);
    expect(shouldShowGoalPopup({ settings: off, reader: reader({ isHotCompetition: true }) })).toBe(false);
  });
});

describe('shouldPlayGoalSound', () => {
  it('follows voice_stauts', () => {
    expect(shouldPlayGoalSound(settings({}))).toBe(true);
    expect(shouldPlayGoalSound(settings({ voice_stauts: false }))).toBe(false);
  });

  it('is independent of the pop-up settings', () => {
    expect(shouldPlayGoalSound(settings({ all_comp: false, game_collect: false }))).toBe(true);
  });
});

describe('shouldShowResultPopup: suppressed when the matching setting is off', () => {
  it.each(['guess_result', 'pre_result', 'activity_result'] as const)('%s', (kind) => {
    expect(shouldShowResultPopup(kind, settings({}))).toBe(true);
    expect(shouldShowResultPopup(kind, settings({ [kind]: false }))).toBe(false);
  });

  it('turning one result off leaves the others on', () => {
    const off = settings({ pre_result: false });
    expect(shouldShowResultPopup('guess_result', off)).toBe(true);
    expect(shouldShowResultPopup('activity_result', off)).toBe(true);
  });
});

describe('createSoundGate: goal sound at most once per 2000 ms', () => {
  it('plays the first goal and refuses another within 2000 ms', () => {
    const gate = createSoundGate();
    expect(gate(10_000)).toBe(true);
    expect(gate(10_000)).toBe(false);
    expect(gate(11_999)).toBe(false);
  });

  it('plays again 2000 ms after the last sound', () => {
    const gate = createSoundGate();
    expect(gate(10_000)).toBe(true);
    expect(gate(12_000)).toBe(true);
    expect(gate(13_500)).toBe(false);
    expect(gate(14_000)).toBe(true);
  });

  it('a refused goal does not push the next allowed time back', () => {
    const gate = createSoundGate();
    gate(0);
    gate(1_900);
    expect(gate(2_000)).toBe(true);
  });

  it('takes another gap', () => {
    const gate = createSoundGate(500);
    expect(gate(0)).toBe(true);
    expect(gate(499)).toBe(false);
    expect(gate(500)).toBe(true);
  });

  it('each gate keeps its own memory', () => {
    const a = createSoundGate();
    const b = createSoundGate();
    expect(a(0)).toBe(true);
    expect(b(100)).toBe(true);
  });

  it('a clock that went backwards re-opens the gate', () => {
    const gate = createSoundGate();
    expect(gate(50_000)).toBe(true);
    expect(gate(1_000)).toBe(true);
    expect(gate(1_500)).toBe(false);
  });
});

describe('parseAlertSettings', () => {
  it('reads a full boolean object', () => {
    const input = { all_comp: false, game_collect: true, voice_stauts: false, guess_result: true, pre_result: false, activity_result: true };
    expect(parseAlertSettings(input)).toEqual(input);
  });

  it('fills missing keys with their defaults', () => {
    expect(parseAlertSettings({ voice_stauts: false })).toEqual({ ...DEFAULT_ALERT_SETTINGS, voice_stauts: false });
  });

  it('reads 0/1 and their strings', () => {
    expect(parseAlertSettings({ all_comp: 0, game_collect: '0', voice_stauts: 1, guess_result: '1', pre_result: 'false', activity_result: 'true' })).toEqual({
      all_comp: false,
      game_collect: false,
      voice_stauts: true,
      guess_result: true,
      pre_result: false,
      activity_result: true,
    });
  });

  it('reads a JSON string, as stored in local storage', () => {
    expect(parseAlertSettings(JSON.stringify({ all_comp: false }))).toEqual({ ...DEFAULT_ALERT_SETTINGS, all_comp: false });
  });

  it.each([undefined, null, 42, 'not json', '[]', [], true])('garbage %s gives the defaults', (input) => {
    expect(parseAlertSettings(input)).toEqual(DEFAULT_ALERT_SETTINGS);
  });

  it('garbage values in single keys take the default of that key only', () => {
    expect(parseAlertSettings({ all_comp: 'yes', game_collect: 2, pre_result: null, guess_result: false })).toEqual({
      ...DEFAULT_ALERT_SETTINGS,
      guess_result: false,
    });
  });

  it('ignores unknown keys and never shares the default object', () => {
    const parsed = parseAlertSettings({ extra: false });
    expect(parsed).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(Object.keys(parsed)).not.toContain('extra');
    expect(parsed).not.toBe(DEFAULT_ALERT_SETTINGS);
  });
});
