import { describe, expect, it } from 'vitest';
import { INITIAL_APP_STATE, parseStoredAppState, reduceAppState, type AppState } from './app-state';

describe('app state transitions (section 4)', () => {
  it('starts logged out on page 1', () => {
    expect(INITIAL_APP_STATE).toEqual({ isLoggedIn: false, token: '', userInfo: null, configInfo: null, activePage: 1 });
  });

  it('login stores the token and marks the session logged in, then stores the user info', () => {
    const loggedIn = reduceAppState(INITIAL_APP_STATE, { type: 'login', token: 'abc' });
    expect(loggedIn).toMatchObject({ isLoggedIn: true, token: 'abc', userInfo: null });
    const withUser = reduceAppState(loggedIn, { type: 'userInfo', userInfo: { nickname: 'Cimbom' } });
    expect(withUser).toMatchObject({ isLoggedIn: true, token: 'abc', userInfo: { nickname: 'Cimbom' } });
  });

  it('logout clears user info and token and marks the session logged out', () => {
    const state: AppState = { isLoggedIn: true, token: 'abc', userInfo: { nickname: 'x' }, configInfo: { a: 1 }, activePage: 3 };
    expect(reduceAppState(state, { type: 'logout' })).toEqual({
      isLoggedIn: false,
      token: '',
      userInfo: null,
      configInfo: { a: 1 },
      activePage: 3,
    });
  });

  it('ignores user info that arrives after a logout', () => {
    const loggedOut = reduceAppState(reduceAppState(INITIAL_APP_STATE, { type: 'login', token: 'abc' }), { type: 'logout' });
    expect(reduceAppState(loggedOut, { type: 'userInfo', userInfo: { nickname: 'late' } }).userInfo).toBeNull();
  });

  it('refuses an empty token and a page below 1', () => {
    expect(reduceAppState(INITIAL_APP_STATE, { type: 'login', token: '' }).isLoggedIn).toBe(false);
    expect(reduceAppState(INITIAL_APP_STATE, { type: 'activePage', page: 0 }).activePage).toBe(1);
    expect(reduceAppState(INITIAL_APP_STATE, { type: 'activePage', page: 4 }).activePage).toBe(4);
  });
});

describe('stored app state', () => {
  it('round-trips what the store writes', () => {
    const state: AppState = { isLoggedIn: true, token: 't', userInfo: { id: 1 }, configInfo: null, activePage: 2 };
    expect(parseStoredAppState(JSON.stringify(state))).toEqual(state);
  });

  it('falls back to logged out for missing, broken or inconsistent data', () => {
    expect(parseStoredAppState(null)).toEqual(INITIAL_APP_STATE);
    expect(parseStoredAppState('{not json')).toEqual(INITIAL_APP_STATE);
    expect(parseStoredAppState('[1,2]')).toEqual(INITIAL_APP_STATE);
    expect(parseStoredAppState(JSON.stringify({ isLoggedIn: true, token: '' }))).toMatchObject({ isLoggedIn: false, token: '' });
    expect(parseStoredAppState(JSON.stringify({ activePage: -2 })).activePage).toBe(1);
  });
});
