import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../core/locale';
import { MESSAGES } from '../../core/messages/messages';
import { formatLine, formatOdds, formatTotal } from '../../core/odds/format';
import { getI18n } from './i18n';

/**
 * The key terms of docs/glossary.md (decisions 125, 126) as the texts use them: each feature its
 * own name and tabs, the contest's and the ledger's words free of money betting, one word per
 * status, one number format per language.
 */

const root = join(import.meta.dirname, '..', '..');
const glossary = readFileSync(join(root, 'docs', 'glossary.md'), 'utf8');
const locales = LOCALES.map((l) => l.code);

function texts(locale: Locale, namespace: string): unknown {
  return JSON.parse(readFileSync(join(root, 'app', 'locales', locale, `${namespace}.json`), 'utf8'));
}

/** Every string of a namespace (or of one part of it), with its key. */
function strings(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => strings(child, prefix === '' ? key : `${prefix}.${key}`));
}

function t(locale: Locale, key: string): string {
  return getI18n(locale).getFixedT(locale)(key);
}

/** Words that speak of staking money: a bet, betting, winnings, a payout. */
const MONEY_BETTING: Record<Locale, RegExp> = {
  tr: /bahis|bahse|iddaa|tutar|ödeme|öden(ir|di|en)/i,
  en: /\bbet(s|ting|tor|tors)?\b|\bwager|\bwinnings\b|\bpay-?outs?\b|\bpaid\b|\bgambl/i,
  zh: /投注|下注|派彩|本金|博彩|赌|注数|单注/,
};

describe('the features and their tabs', () => {
  const names = {
    tr: { forecast: 'Tahminciler', guessing: 'Tahmin yarışması' },
    en: { forecast: 'Tipsters', guessing: 'Prediction contest' },
    zh: { forecast: '预测方案', guessing: '竞猜' },
  } as const;

  it.each(locales)('gives the prediction centre and the contest their glossary names in the %s menu, page titles and staff console', (locale) => {
    const { forecast, guessing } = names[locale];
    expect(t(locale, 'common:layout.nav.forecast')).toBe(forecast);
    expect(t(locale, 'common:layout.nav.guessing')).toBe(guessing);
    expect(t(locale, 'pages:forecast.page.title')).toBe(forecast);
    expect(t(locale, 'pages:guessing.page.title')).toBe(guessing);
    expect(t(locale, 'staff:nav.forecast')).toBe(forecast);
    expect(t(locale, 'staff:nav.guessing')).toBe(guessing);
    expect(glossary).toContain(`**${forecast}**`);
    expect(glossary).toContain(`**${guessing}**`);
  });

  it.each(locales)('names the reader’s published plans, unlocked plans and slips differently in %s', (locale) => {
    const tabs = [t(locale, 'pages:forecast.views.my'), t(locale, 'personalCenter:views.buyRecords'), t(locale, 'pages:guessing.views.myBet')];
    expect(new Set(tabs).size).toBe(3);
    for (const tab of tabs) expect(glossary).toContain(tab);
    expect(t(locale, 'forecast:feeds.my.title')).toBe(tabs[0]);
    expect(t(locale, 'guessing:myBets.title')).toBe(tabs[2]);
  });

  it('calls the forecast tab of plans a plan, never a prediction, so it cannot be taken for the contest', () => {
    expect(t('tr', 'pages:forecast.views.my')).not.toMatch(/tahmin/i);
    expect(t('en', 'pages:forecast.views.my')).not.toMatch(/predict|guess/i);
    expect(t('zh', 'pages:forecast.views.my')).not.toMatch(/竞猜/);
  });

  it('does not word the daily check-in like logging in', () => {
    expect(t('tr', 'personalCenter:checkin.button')).toBe('Günlük ödülü al');
    for (const locale of locales) {
      expect(t(locale, 'personalCenter:checkin.button')).not.toBe(t(locale, 'common:layout.nav.login'));
    }
    expect(t('tr', 'personalCenter:checkin.button')).not.toMatch(/giriş/i);
    expect(t('en', 'personalCenter:checkin.button')).toBe('Check in');
    expect(t('zh', 'personalCenter:checkin.button')).toBe('签到');
  });

  it('uses “log in” as the English verb, never “login”', () => {
    const english = [...strings(MESSAGES.en), ...['account', 'common', 'errors', 'forecast', 'guessing', 'personalCenter', 'pages'].flatMap((ns) => strings(texts('en', ns)))];
    const verbs = english.filter(([, text]) => /\blogin (first|to|with|again|now)\b|please login/i.test(text));
    expect(verbs).toEqual([]);
    expect(MESSAGES.en['auth.loginFirst']).toBe('Please log in first');
  });
});

describe('points only: the contest and the ledger', () => {
  it.each(locales)('has ledger reasons in %s that never speak of money betting', (locale) => {
    const reasons = [...strings((texts(locale, 'personalCenter') as { points: { reasons: unknown } }).points.reasons), ...strings((texts(locale, 'staff') as { ledger: { reasons: unknown } }).ledger.reasons)];
    expect(reasons.length).toBeGreaterThanOrEqual(20);
    expect(reasons.filter(([, text]) => MONEY_BETTING[locale].test(text))).toEqual([]);
  });

  it.each(locales)('names the contest in the %s ledger reasons of its points', (locale) => {
    const contest = t(locale, 'common:layout.nav.guessing');
    for (const reason of ['bet_stake', 'bet_payout', 'bet_correction']) expect(t(locale, `personalCenter:points.reasons.${reason}`)).toContain(contest);
  });

  it.each(locales)('keeps money-betting words out of the %s contest, its messages, receipts and pop-ups', (locale) => {
    const contest = strings(texts(locale, 'guessing')).filter(([key]) => key !== 'page.pointsOnly');
    const popups = strings((texts(locale, 'live') as { user: { guess_result: unknown } }).user.guess_result);
    const staff = strings((texts(locale, 'staff') as { guessing: unknown }).guessing);
    const messages = Object.entries(MESSAGES[locale] as Record<string, string>).filter(([key]) => /^(guessing|odds|forecast)\./.test(key));
    const found = [...contest, ...popups, ...staff, ...messages].filter(([, text]) => MONEY_BETTING[locale].test(text.replace(/\{\{\w+\}\}/g, '')));
    expect(found).toEqual([]);
  });
});

describe('one word per status', () => {
  const open = { tr: 'Açık', en: 'Open', zh: '未结算' } as const;

  it.each(locales)('calls an open plan and an open slip the same in %s, and not by the word of a live match', (locale) => {
    const words = [t(locale, 'forecast:status.open'), t(locale, 'forecast:list.open'), t(locale, 'guessing:myBets.status.open'), t(locale, 'guessing:records.open')];
    expect(new Set(words)).toEqual(new Set([open[locale]]));
    expect(glossary).toContain(`| ${open.tr} | ${open.en} | ${open.zh} |`);
  });

  it('never calls a plan or a slip 进行中 or 待开奖 in Chinese', () => {
    const zh = [...strings(texts('zh', 'forecast')), ...strings(texts('zh', 'guessing'))];
    expect(zh.filter(([, text]) => /进行中|待开奖/.test(text))).toEqual([]);
  });

  it('uses one word each for void, push and half results, in the outcome labels and the receipts', () => {
    const expected = {
      tr: { void: 'Geçersiz', push: 'İade', half_win: 'Yarım kazandı', half_loss: 'Yarım kaybetti' },
      en: { void: 'Void', push: 'Push', half_win: 'Half won', half_loss: 'Half lost' },
      zh: { void: '无效', push: '走水', half_win: '赢半', half_loss: '输半' },
    } as const;
    for (const locale of locales) {
      for (const [outcome, word] of Object.entries(expected[locale])) expect(t(locale, `forecast:outcome.${outcome}`)).toBe(word);
    }
    // The contest's receipts (a plan's own receipts, forecast.receipt.plan.*, speak of the plan, not of points).
    const receipts = (locale: Locale) => Object.entries(MESSAGES[locale] as Record<string, string>).filter(([key]) => /^(odds|guessing)\.receipt\./.test(key));
    for (const [key, text] of receipts('tr')) {
      if (key.endsWith('.halfWin')) expect(text).toMatch(/→ yarım kazandı$/);
      if (key.endsWith('.halfLoss')) expect(text).toMatch(/→ yarım kaybetti$/);
      if (key.endsWith('.push')) expect(text).toMatch(/→ iade$/);
      expect(text).not.toMatch(/→ iptal/);
    }
    for (const [key, text] of receipts('zh')) {
      if (key.endsWith('.halfWin')) expect(text).toMatch(/→ 赢半$/);
      if (key.endsWith('.halfLoss')) expect(text).toMatch(/→ 输半$/);
      if (key.endsWith('.push')) expect(text).toMatch(/→ 走水$/);
      expect(text).not.toMatch(/走盘|作废/);
    }
  });
});

describe('numbers', () => {
  it('writes Turkish decimals with a comma and English and Chinese ones with a point, as the glossary says', () => {
    expect(formatOdds(1.38, 'decimal', 'tr')).toBe('1,38');
    expect(formatOdds(1.38, 'decimal', 'en')).toBe('1.38');
    expect(formatOdds(1.38, 'decimal', 'zh')).toBe('1.38');
    expect(formatLine(-0.75, 'tr')).toBe('\u22120,75');
    expect(formatTotal(2.5, 'tr')).toBe('2,5');
    expect(glossary).toContain('**1,38**');
    expect(glossary).toContain('**2,5 üst**');
  });

  it('has no Turkish text that writes a decimal with a point', () => {
    const turkish = [...['forecast', 'guessing', 'pages', 'matchCentre', 'personalCenter'].flatMap((ns) => strings(texts('tr', ns))), ...strings(MESSAGES.tr)];
    // CC0 1.0 is a licence's version, not a number a reader reckons with.
    expect(turkish.filter(([, text]) => /\d\.\d/.test(text.replace('CC0 1.0', '')))).toEqual([]);
  });

  it('puts the Turkish line before its word, as the glossary does: “2,5 Üst”', () => {
    const tr = getI18n('tr').getFixedT('tr', 'guessing');
    expect(tr('short.over_under.over', { line: formatTotal(2.5, 'tr') })).toBe('2,5 Üst');
    expect(getI18n('tr').getFixedT('tr', 'forecast')('pick.over_under.over', { line: formatTotal(2.5, 'tr') })).toBe('2,5 üst');
  });
});

describe('positions', () => {
  /** StatsBomb's position names, as the replays' lineups carry them (server/feed/replay/statsbomb/pitch-layout.ts). */
  const STATSBOMB = [
    'Goalkeeper', 'Right Back', 'Right Center Back', 'Center Back', 'Left Center Back', 'Left Back', 'Right Wing Back', 'Left Wing Back',
    'Right Defensive Midfield', 'Center Defensive Midfield', 'Left Defensive Midfield', 'Right Midfield', 'Right Center Midfield',
    'Center Midfield', 'Left Center Midfield', 'Left Midfield', 'Right Wing', 'Right Attacking Midfield', 'Center Attacking Midfield',
    'Left Attacking Midfield', 'Left Wing', 'Right Center Forward', 'Center Forward', 'Striker', 'Left Center Forward', 'Secondary Striker',
  ];
  const GENERIC = ['Goalkeeper', 'Defender', 'Midfielder', 'Forward', 'Guard', 'Center'];

  it.each(['tr', 'zh'] as const)('names every position of the data in %s, never in English', (locale) => {
    const positions = (texts(locale, 'matchCentre') as { lineups: { position: Record<string, string> } }).lineups.position;
    for (const value of [...STATSBOMB, ...GENERIC]) {
      expect(positions[value], value).toBeTruthy();
      expect(positions[value], value).not.toBe(value);
      expect(positions[value], value).not.toMatch(/Back|Midfield|Forward|Wing|Striker|Keeper/);
    }
  });

  it('lists the glossary’s examples under the values they translate', () => {
    expect(t('tr', 'matchCentre:lineups.position.Center Forward')).toBe('Santrfor');
    expect(t('zh', 'matchCentre:lineups.position.Secondary Striker')).toBe('影锋');
    expect(t('en', 'matchCentre:lineups.position.Left Back')).toBe('Left-back');
    for (const word of ['Santrfor', 'Gizli forvet', 'Centre-back', '影锋']) expect(glossary).toContain(word);
  });
});
