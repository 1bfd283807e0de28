import { describe, expect, it } from 'vitest';
import { makeUserInfo } from '../test-support/user-info';
import { INITIAL_APP_STATE, parseStoredAppState, reconcileWithServer, reduceAppState, type AppState } from './app-state';

const user = makeUserInfo();

describe('app state transitions (section 4)', () => {
  it('starts logged out on page 1', () => {
    expect(INITIAL_APP_STATE).toEqual({ isLoggedIn: false, token: '', userInfo: null, configInfo: null, activePage: 1 });
  });

  it('login marks the session logged in with its user, and keeps no token in the browser', () => {
    const loggedIn = reduceAppState(INITIAL_APP_STATE, { type: 'login', userInfo: user });
    expect(loggedIn).toMatchObject({ isLoggedIn: true, token: '', userInfo: user });
    const renamed = makeUserInfo({ nickname: 'Aslan' });
    expect(reduceAppState(loggedIn, { type: 'userInfo', userInfo: renamed }).userInfo?.nickname).toBe('Aslan');
  });

  it('logout clears user info and token and marks the session logged out', () => {
    const state: AppState = { isLoggedIn: true, token: '', userInfo: user, configInfo: { a: 1 }, activePage: 3 };
    expect(reduceAppState(state, { type: 'logout' })).toEqual({
      isLoggedIn: false,
      token: '',
      userInfo: null,
      configInfo: { a: 1 },
      activePage: 3,
    });
  });

  it('ignores user info that arrives after a logout, or for another account', () => {
    const loggedOut = reduceAppState(reduceAppState(INITIAL_APP_STATE, { type: 'login', userInfo: user }), { type: 'logout' });
    expect(reduceAppState(loggedOut, { type: 'userInfo', userInfo: user }).userInfo).toBeNull();
    const loggedIn = reduceAppState(INITIAL_APP_STATE, { type: 'login', userInfo: user });
    expect(reduceAppState(loggedIn, { type: 'userInfo', userInfo: makeUserInfo({ id: 99 }) }).userInfo).toBe(user);
  });

  it('refuses a page below 1', () => {
    expect(reduceAppState(INITIAL_APP_STATE, { type: 'activePage', page: 0 }).activePage).toBe(1);
    expect(reduceAppState(INITIAL_APP_STATE, { type: 'activePage', page: 4 }).activePage).toBe(4);
  });
});

describe('the server decides who is signed in', () => {
  it('signs the browser in when the page was rendered for a session', () => {
    expect(reconcileWithServer(INITIAL_APP_STATE, user)).toMatchObject({ isLoggedIn: true, userInfo: user });
  });

  it('signs the browser out when the session cookie is gone, whatever was stored', () => {
    const stored: AppState = { ...INITIAL_APP_STATE, isLoggedIn: true, userInfo: user };
    expect(reconcileWithServer(stored, null)).toMatchObject({ isLoggedIn: false, userInfo: null });
  });

  it('takes the server’s fresher user over the stored one', () => {
    const stored: AppState = { ...INITIAL_APP_STATE, isLoggedIn: true, userInfo: makeUserInfo({ points: 1 }) };
    expect(reconcileWithServer(stored, user).userInfo?.points).toBe(120);
  });
});

describe('stored app state', () => {
  it('round-trips what the store writes', () => {
    const state: AppState = { isLoggedIn: true, token: '', userInfo: user, configInfo: null, activePage: 2 };
    expect(parseStoredAppState(JSON.stringify(state))).toEqual(state);
  });

  it('never keeps a token, even one an older version stored', () => {
    const old = { isLoggedIn: true, token: 'secret', userInfo: user };
    expect(parseStoredAppState(JSON.stringify(old))).toMatchObject({ isLoggedIn: true, token: '' });
  });

  it('falls back to logged out for missing, broken or inconsistent data', () => {
    expect(parseStoredAppState(null)).toEqual(INITIAL_APP_STATE);
    expect(parseStoredAppState('{not json')).toEqual(INITIAL_APP_STATE);
    expect(parseStoredAppState('[1,2]')).toEqual(INITIAL_APP_STATE);
    expect(parseStoredAppState(JSON.stringify({ isLoggedIn: true, token: 'x' }))).toMatchObject({ isLoggedIn: false, token: '' });
    expect(parseStoredAppState(JSON.stringify({ activePage: -2 })).activePage).toBe(1);
  });
});
