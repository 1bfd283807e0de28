import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '../../core/alerts';
import { makeUserInfo } from '../test-support/user-info';
import { accountAlertSettings, getAlertSettings, goalAlertScopeOf, withGoalAlertScope } from './alert-settings';
import { shouldRefetchOnVisible } from './stale-refetch';

describe('goal alert scope (my teams and matches / all competitions / none)', () => {
  it('reads the defaults as the reader’s own matches (decision 110)', () => {
    expect(goalAlertScopeOf(DEFAULT_ALERT_SETTINGS)).toBe('followed');
  });

  it('turns exactly one of all_comp and game_collect on, leaving the other switches alone', () => {
    const muted = { ...DEFAULT_ALERT_SETTINGS, voice_stauts: false };
    const all = withGoalAlertScope(muted, 'all');
    expect(all).toMatchObject({ all_comp: true, game_collect: false, voice_stauts: false });
    expect(goalAlertScopeOf(all)).toBe('all');
    const followed = withGoalAlertScope(all, 'followed');
    expect(followed).toMatchObject({ all_comp: false, game_collect: true, voice_stauts: false });
    expect(goalAlertScopeOf(followed)).toBe('followed');
    const none = withGoalAlertScope(followed, 'none');
    expect(goalAlertScopeOf(none)).toBe('none');
  });

  it('gives the defaults where there is no browser storage (server rendering)', () => {
    expect(getAlertSettings()).toEqual(DEFAULT_ALERT_SETTINGS);
  });
});

describe('refetch after the tab was hidden', () => {
  it('refetches only after more than a minute hidden', () => {
    expect(shouldRefetchOnVisible(null, 1_000_000)).toBe(false);
    expect(shouldRefetchOnVisible(1_000_000, 1_060_000)).toBe(false);
    expect(shouldRefetchOnVisible(1_000_000, 1_060_001)).toBe(true);
  });
});

describe('alert settings of a signed-in account', () => {
  it('come from the account’s event_msg_status, damaged values falling back to on', () => {
    const user = makeUserInfo({ event_msg_status: { ...DEFAULT_ALERT_SETTINGS, all_comp: false, voice_stauts: false } });
    expect(accountAlertSettings(user)).toMatchObject({ all_comp: false, game_collect: true, voice_stauts: false });
    // The same object gives the same settings object: React sees no change between renders.
    expect(accountAlertSettings(user)).toBe(accountAlertSettings(user));
    const damaged = makeUserInfo({ event_msg_status: { all_comp: 'x' } as never });
    expect(accountAlertSettings(damaged)).toEqual(DEFAULT_ALERT_SETTINGS);
  });
});
