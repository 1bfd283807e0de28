import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../../core/contracts/account';
import type { Locale } from '../../../../core/locale';
import { chooseOddsFormat, OddsFormatSelect, resolveOddsFormat } from '../../../components/forecast/odds-format';
import { dispatchAppState, getAppState, ServerUserContext } from '../../../lib/app-state';
import { attributes, render, text } from '../../../test-support/render';
import { makeUserInfo } from '../../../test-support/user-info';
import SettingsRoute from './settings';

const PATH = '/personal-center/personal-center/setEntry';

function renderAs(node: React.ReactNode, options: { user: UserInfo | null; locale?: Locale }): string {
  return render(<ServerUserContext.Provider value={options.user}>{node}</ServerUserContext.Provider>, { locale: options.locale, path: PATH });
}

/** The value of the option the server rendered as selected in the select `testId`. */
function selectedOption(html: string, testId: string): string | undefined {
  const select = new RegExp(`<select[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '';
  return /<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(select)?.[1];
}

describe('odds format on the settings page', () => {
  it('offers the three formats with the same example price, in three languages', () => {
    const en = renderAs(<SettingsRoute />, { user: makeUserInfo() });
    expect(text(en)).toContain('Odds format');
    expect(attributes(en, 'settings-odds-format', 'id')).toHaveLength(1);
    expect(text(en)).toContain('Decimal: 2.50 Hong Kong: 1.50 Fractional: 3/2');
    expect(text(renderAs(<SettingsRoute />, { user: makeUserInfo(), locale: 'tr' }))).toContain('Oran biçimi Oranların sitede nasıl yazılacağı. Ondalık: 2,50 Hong Kong: 1,50 Kesirli: 3/2');
    expect(text(renderAs(<SettingsRoute />, { user: makeUserInfo(), locale: 'zh' }))).toContain('赔率格式 全站赔率的显示方式。 欧洲盘（小数）：2.50 香港盘：1.50 分数：3/2');
  });

  it('shows the account’s format, and decimal while the account has none', () => {
    expect(selectedOption(renderAs(<SettingsRoute />, { user: makeUserInfo({ odds_format: 'fractional' }) }), 'settings-odds-format')).toBe('fractional');
    expect(selectedOption(renderAs(<SettingsRoute />, { user: makeUserInfo({ odds_format: null }) }), 'settings-odds-format')).toBe('decimal');
  });
});

describe('OddsFormatSelect', () => {
  it('renders the signed-in account’s format on the server; signed out, decimal', () => {
    expect(selectedOption(renderAs(<OddsFormatSelect />, { user: makeUserInfo({ odds_format: 'hongkong' }) }), 'odds-format')).toBe('hongkong');
    expect(selectedOption(renderAs(<OddsFormatSelect />, { user: null }), 'odds-format')).toBe('decimal');
  });

  it('lets the account’s format win over the browser’s choice, which counts when the account has none', () => {
    expect(resolveOddsFormat(makeUserInfo({ odds_format: 'fractional' }), 'hongkong')).toBe('fractional');
    expect(resolveOddsFormat(makeUserInfo({ odds_format: null }), 'hongkong')).toBe('hongkong');
    expect(resolveOddsFormat(null, 'hongkong')).toBe('hongkong');
    // a user info stored by an older version of the site, without the field
    expect(resolveOddsFormat({} as UserInfo, 'decimal')).toBe('decimal');
  });
});

describe('choosing an odds format in the browser', () => {
  let storage: Map<string, string>;

  beforeEach(() => {
    storage = new Map();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => void storage.set(key, value),
      },
      addEventListener: () => {},
      removeEventListener: () => {},
    });
    dispatchAppState({ type: 'logout' });
  });
  afterEach(() => {
    dispatchAppState({ type: 'logout' });
    vi.unstubAllGlobals();
  });

  it('signed out, is remembered by this browser only', async () => {
    const save = vi.fn<(format: string) => Promise<UserInfo>>();
    expect(await chooseOddsFormat('hongkong', save)).toBe(true);
    expect(storage.get('tribun.oddsFormat')).toBe('hongkong');
    expect(save).not.toHaveBeenCalled();
  });

  it('signed in, is saved to the account (shown at once) and to this browser', async () => {
    const user = makeUserInfo({ odds_format: 'decimal' });
    dispatchAppState({ type: 'login', userInfo: user });
    let seenWhileSaving: unknown;
    const save = vi.fn((format: string) => {
      seenWhileSaving = getAppState().userInfo?.odds_format;
      return Promise.resolve(makeUserInfo({ odds_format: format as UserInfo['odds_format'], theme: 'dark' }));
    });
    expect(await chooseOddsFormat('fractional', save)).toBe(true);
    expect(save).toHaveBeenCalledWith('fractional');
    expect(seenWhileSaving).toBe('fractional');
    expect(getAppState().userInfo).toMatchObject({ odds_format: 'fractional', theme: 'dark' });
    expect(storage.get('tribun.oddsFormat')).toBe('fractional');
  });

  it('goes back to the account’s format when saving fails', async () => {
    dispatchAppState({ type: 'login', userInfo: makeUserInfo({ odds_format: 'hongkong' }) });
    expect(await chooseOddsFormat('fractional', () => Promise.reject(new Error('offline')))).toBe(false);
    expect(getAppState().userInfo?.odds_format).toBe('hongkong');
    // the browser keeps the choice for reading signed out
    expect(storage.get('tribun.oddsFormat')).toBe('fractional');
  });
});
