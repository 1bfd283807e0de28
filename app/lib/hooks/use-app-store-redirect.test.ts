import { describe, expect, it } from 'vitest';
import { appStoreUrlFor, isAppInAStore } from './use-app-store-redirect';

const NONE = { enabled: true, iosUrl: '', androidUrl: '' };
const IOS_ONLY = { enabled: true, iosUrl: 'https://apps.example/tribun/id1', androidUrl: '' };
const BOTH = { ...IOS_ONLY, androidUrl: 'https://play.example/tribun' };

describe('the app in a store (decision 089)', () => {
  it('is nowhere until a store address is configured: no redirect target, no download prompt', () => {
    expect(isAppInAStore(NONE)).toBe(false);
    for (const target of ['ios', 'android', null] as const) expect(appStoreUrlFor(NONE, target)).toBe('');
  });

  it("sends a device only to its own platform's store, and only when the app is there", () => {
    expect(isAppInAStore(IOS_ONLY)).toBe(true);
    expect(appStoreUrlFor(IOS_ONLY, 'ios')).toBe(IOS_ONLY.iosUrl);
    expect(appStoreUrlFor(IOS_ONLY, 'android')).toBe('');
    expect(appStoreUrlFor(BOTH, 'android')).toBe(BOTH.androidUrl);
    // a device of no known platform (a narrow desktop window) may be offered whichever store has it
    expect(appStoreUrlFor(IOS_ONLY, null)).toBe(IOS_ONLY.iosUrl);
    expect(appStoreUrlFor({ ...NONE, androidUrl: BOTH.androidUrl }, null)).toBe(BOTH.androidUrl);
  });
});
