import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS, createSoundGate, type AlertSettings } from '../../core/alerts';
import type { FootballMatch, LiveMessage } from '../../core/contracts/matches';
import { createGoalAlerts } from './goal-alerts';
import { createKnownMatches } from './known-matches';

const KICK_OFF = 1_750_000_000;

function match(overrides: Partial<FootballMatch> = {}): FootballMatch {
  return {
    match_id: 101,
    competition_id: 1,
    home_team_id: 11,
    away_team_id: 12,
    match_time: KICK_OFF,
    status_id: 2,
    kick_off_time: KICK_OFF,
    a0: 0,
    b0: 0,
    is_collect: false,
    home_team_name: 'Galatasaray',
    away_team_name: 'Fenerbahçe',
    home_team_logo: '/crest/11.svg',
    away_team_logo: '/crest/12.svg',
    kick_off_time_str: '15:06',
    ht: null,
    red: [0, 0],
    yellow: [0, 0],
    corner: [0, 0],
    ...overrides,
  };
}

function score(matchId: number, status: number, a0: number, b0: number): LiveMessage {
  return { type: 'score', data: { match_id: matchId, status, a0, b0 }, publish_time: KICK_OFF };
}

function setup(options: { settings?: Partial<AlertSettings>; matches?: FootballMatch[]; hot?: boolean } = {}) {
  const known = createKnownMatches();
  known.rememberGroups([{ competition_id: 1, matches: options.matches ?? [match()] }]);
  // The default scope pops up the hot competitions for a reader who follows nothing (decision 110).
  known.rememberCompetitions({ '1': { competition_id: 1, is_hot: options.hot ?? true } });
  let settings: AlertSettings = { ...DEFAULT_ALERT_SETTINGS, ...options.settings };
  const alerts = createGoalAlerts({ known, getSettings: () => settings, soundGate: createSoundGate(2000) });
  return {
    known,
    alerts,
    setSettings(next: Partial<AlertSettings>) {
      settings = { ...settings, ...next };
    },
  };
}

// 23 minutes into the first half.
const AT_23 = (KICK_OFF + 23 * 60 + 10) * 1000;

describe('goal pop-ups from live messages', () => {
  it('shows a goal with both names, the new score, the minute and the scoring side, with sound', () => {
    const { alerts } = setup();
    const decision = alerts(score(101, 2, 1, 0), AT_23);
    expect(decision.popup).toEqual({
      eventType: 'goal',
      matchId: 101,
      home: 'Galatasaray',
      away: 'Fenerbahçe',
      homeScore: 1,
      awayScore: 0,
      goalTeam: 'home',
      // 23:10 into the match is its 24th minute (decision 111).
      clock: { kind: 'minute', text: '24', minute: 24 },
      // The message names no scorer: the pop-up says "Goal!" only.
      scorer: null,
    });
    expect(decision.playSound).toBe(true);
  });

  it('labels a score that went down as misjudged, naming the side that lost the goal', () => {
    const { alerts } = setup({ matches: [match({ a0: 1, b0: 1 })] });
    const decision = alerts(score(101, 2, 1, 0), AT_23);
    expect(decision.popup?.eventType).toBe('misjudged');
    expect(decision.popup?.goalTeam).toBe('away');
    expect([decision.popup?.homeScore, decision.popup?.awayScore]).toEqual([1, 0]);
  });

  it('compares each message with the latest known score, not the page data it started from', () => {
    const { alerts, known } = setup();
    alerts(score(101, 2, 1, 0), AT_23);
    const second = alerts(score(101, 2, 1, 1), AT_23 + 60_000);
    expect(second.popup?.goalTeam).toBe('away');
    expect(known.find(101)?.b0).toBe(1);
    // The same score again is no news.
    expect(alerts(score(101, 2, 1, 1), AT_23 + 61_000).popup).toBeNull();
  });

  it('stays quiet for matches no page has shown (no names, no previous score to compare)', () => {
    const { alerts } = setup();
    expect(alerts(score(999, 2, 1, 0), AT_23)).toEqual({ popup: null, playSound: false });
    // The server keep-alive uses id 0.
    expect(alerts({ type: 'others', data: { match_id: 0, status: 0, a0: 0, b0: 0 }, publish_time: 1 }, AT_23).popup).toBeNull();
  });

  it('does not pop up for a score change outside play (e.g. a correction after full time)', () => {
    const { alerts } = setup({ matches: [match({ status_id: 8, a0: 2, b0: 1 })] });
    expect(alerts(score(101, 8, 2, 2), AT_23).popup).toBeNull();
  });

  it('by default, pops up the reader’s starred matches and still tracks the others (decision 110)', () => {
    const { alerts, known } = setup({
      hot: false,
      matches: [match(), match({ match_id: 202, is_collect: true, home_team_name: 'Beşiktaş', away_team_name: 'Trabzonspor' })],
    });
    expect(alerts(score(101, 2, 1, 0), AT_23).popup).toBeNull();
    expect(known.find(101)?.a0).toBe(1);
    expect(alerts(score(202, 2, 0, 1), AT_23).popup?.home).toBe('Beşiktaş');
  });

  it('by default, a reader who follows nothing gets the hot competitions’ goals only', () => {
    expect(setup({ hot: true }).alerts(score(101, 2, 1, 0), AT_23).popup?.home).toBe('Galatasaray');
    expect(setup({ hot: false }).alerts(score(101, 2, 1, 0), AT_23).popup).toBeNull();
    expect(setup({ hot: false, settings: { all_comp: true } }).alerts(score(101, 2, 1, 0), AT_23).popup?.home).toBe('Galatasaray');
  });

  it('asks the reader’s follows when told how: a followed team’s match pops up, another does not', () => {
    const known = createKnownMatches();
    known.rememberGroups([{ competition_id: 1, matches: [match(), match({ match_id: 202, home_team_id: 31, away_team_id: 32 })] }]);
    const alerts = createGoalAlerts({
      known,
      getSettings: () => DEFAULT_ALERT_SETTINGS,
      readerOf: (m) => ({ isStarred: false, isFollowed: m.home_team_id === 11, followsAnything: true, isHotCompetition: true }),
    });
    expect(alerts(score(101, 2, 1, 0), AT_23).popup?.matchId).toBe(101);
    expect(alerts(score(202, 2, 1, 0), AT_23).popup).toBeNull();
  });

  it('shows nothing when both goal settings are off', () => {
    const { alerts } = setup({ settings: { all_comp: false, game_collect: false } });
    expect(alerts(score(101, 2, 1, 0), AT_23)).toEqual({ popup: null, playSound: false });
  });

  it('plays the goal sound at most once per 2 seconds, and never when the sound is off', () => {
    const { alerts, setSettings } = setup({
      matches: [match(), match({ match_id: 202 }), match({ match_id: 303 }), match({ match_id: 404 })],
    });
    expect(alerts(score(101, 2, 1, 0), AT_23).playSound).toBe(true);
    const soon = alerts(score(202, 2, 1, 0), AT_23 + 1500);
    expect(soon.popup).not.toBeNull();
    expect(soon.playSound).toBe(false);
    setSettings({ voice_stauts: false });
    const muted = alerts(score(303, 2, 0, 1), AT_23 + 2500);
    expect(muted.popup).not.toBeNull();
    expect(muted.playSound).toBe(false);
    setSettings({ voice_stauts: true });
    // The muted goal did not use up the slot: the next goal is heard at once.
    expect(alerts(score(404, 2, 0, 1), AT_23 + 2600).playSound).toBe(true);
  });

  it('names the scorer and the goal’s minute when the message’s events carry them (decision 097)', () => {
    const { alerts, known } = setup();
    const goal = (minute: number, added: number | null, player: string | null, type = 0, side: 'home' | 'away' = 'home') => ({
      type,
      minute,
      added_minute: added,
      side,
      player,
      related_player: null,
      detail: null,
    });
    const message: LiveMessage = {
      ...score(101, 2, 1, 0),
      data: { ...score(101, 2, 1, 0).data, events: [goal(22, null, 'Kerem Aktürkoğlu', 2), goal(23, null, 'Mauro Icardi')] },
    };
    const first = alerts(message, AT_23).popup;
    expect(first?.scorer).toEqual({ player: 'Mauro Icardi', minute: '23', ownGoal: false });
    // The title reads the goal's own minute, as the scorer line and the timeline do (decision 111),
    // not the clock when the message came (23:10 is already the 24th minute).
    expect(first?.clock).toEqual({ kind: 'minute', text: '23', minute: 23 });
    // The known match now carries the latest goal for the row.
    expect(known.find(101)?.last_goal).toEqual({ side: 'home', minute: 23, added_minute: null, player: 'Mauro Icardi', own_goal: false });

    const own: LiveMessage = { ...score(101, 2, 1, 1), data: { ...score(101, 2, 1, 1).data, events: [goal(45, 2, 'Davinson Sánchez', 15, 'away')] } };
    const second = alerts(own, AT_23 + 60_000).popup;
    expect(second?.scorer).toEqual({ player: 'Davinson Sánchez', minute: '45+2', ownGoal: true });
    expect(second?.clock).toEqual({ kind: 'minute', text: '45+2', minute: 47 });

    const unnamed: LiveMessage = { ...score(101, 2, 2, 1), data: { ...score(101, 2, 2, 1).data, events: [goal(50, null, null)] } };
    expect(alerts(unnamed, AT_23 + 120_000).popup?.scorer).toBeNull();
  });

  it('shows the status label as the clock when a goal is recorded at half time', () => {
    const { alerts } = setup({ matches: [match({ status_id: 3 })] });
    expect(alerts(score(101, 3, 1, 0), AT_23).popup?.clock).toEqual({ kind: 'label', key: 'status.football.3' });
  });
});
