import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../core/locale';
import { DEFAULT_TIME_ZONES } from '../../../core/time-zone';
import { getI18n } from '../../i18n/i18n';
import { attributes, text } from '../../test-support/render';
import { bettingDayIndexOf, bettingDayStart, bettingSportOf, type GuessingPageData } from './betting-day';
import GuessingRoute from './routes/guessing';
import { makeBetMatch, makeBettingMatch } from './test-support/fixtures';

/** The betting page as the server renders it with its loader's day (docs/decisions/118). */
function bettingPage(data: GuessingPageData, locale: Locale = 'tr') {
  const prefix = locale === 'tr' ? '' : `/${locale}`;
  const path = `${prefix}/guessing`;
  const id = `${locale}/guessing`;
  const Stub = createRoutesStub([{ id, path, Component: GuessingRoute, HydrateFallback: () => null }]);
  return renderToString(
    <I18nextProvider i18n={getI18n(locale)}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { [id]: data } }} />
    </I18nextProvider>,
  );
}

const today = (locale: Locale) => bettingDayStart(Date.now(), DEFAULT_TIME_ZONES[locale], 0);

function closed(id: number, reason: string) {
  return makeBettingMatch({ match: makeBetMatch({ id }), open: false, reason: 'guessing.match.started', reason_text: reason, markets: [] });
}

describe('the betting page rendered on the server', () => {
  it('paints the open matches at once (no "loading…"), and puts the closed ones behind a toggle after them', () => {
    const day = today('tr');
    const data: GuessingPageData = {
      board: {
        sport: 'football',
        day,
        data: {
          sport: 'football',
          day,
          // The server sends the open ones first (server/modules/guessing/bet-reads.ts).
          matches: [makeBettingMatch({ match: makeBetMatch({ id: 1 }) }), makeBettingMatch({ match: makeBetMatch({ id: 2 }) }), closed(3, 'Maç başladı'), closed(4, 'Maç başladı')],
          limits: { max_stake: 1000, daily_cap: 5000 },
        },
      },
      failed: false,
    };
    const html = bettingPage(data);
    expect(html).not.toContain('data-testid="betting-loading"');
    expect(attributes(html, 'betting-match', 'data-open')).toEqual(['true', 'true', 'false', 'false']);
    const openList = html.slice(html.indexOf('data-testid="open-matches"'), html.indexOf('data-testid="closed-matches"'));
    expect(attributes(openList, 'betting-match', 'data-match')).toEqual(['1', '2']);
    // The toggle is a closed <details>, counted and in Turkish.
    expect(html).toMatch(/<details class="[^"]*" data-testid="closed-matches">/);
    expect(text(html)).toContain('Tahmine kapanmış 2 maç');
    // Every market waits behind its expander: only the headline prices are in the page.
    expect(attributes(html, 'price', 'data-selection').length).toBe(2 * 7);
  });

  it('says so in each language when no match of the day is open any more', () => {
    for (const [locale, words] of [
      ['tr', 'Bu gün tahmine açık maç kalmadı.'],
      ['en', 'No match of this day still takes predictions.'],
      ['zh', '这一天已没有可竞猜的比赛。'],
    ] as const) {
      const day = today(locale);
      const html = bettingPage({ board: { sport: 'football', day, data: { sport: 'football', day, matches: [closed(3, '…')], limits: { max_stake: 1, daily_cap: 1 } } }, failed: false }, locale);
      expect(text(html)).toContain(words);
    }
  });

  it('shows a translated error with a retry when the server could not read the day', () => {
    for (const [locale, words, retry] of [
      ['tr', 'Maçlar yüklenemedi.', 'Tekrar dene'],
      ['en', 'The matches could not be loaded.', 'Try again'],
      ['zh', '比赛加载失败。', '重试'],
    ] as const) {
      const html = bettingPage({ board: null, failed: true }, locale);
      expect(html).toContain('data-testid="betting-failed"');
      expect(text(html)).toContain(words);
      expect(text(html)).toContain(retry);
      expect(html).not.toContain('data-testid="betting-loading"');
    }
  });

  it('reads ?sport= and ?day= the same way on the server and in the page', () => {
    expect([bettingSportOf('basketball'), bettingSportOf('tennis'), bettingSportOf(null)]).toEqual(['basketball', 'football', 'football']);
    expect([bettingDayIndexOf('2'), bettingDayIndexOf('3'), bettingDayIndexOf('-1'), bettingDayIndexOf('x')]).toEqual([2, 0, 0, 0]);
    // Istanbul: 2025-11-22 12:00 UTC is 15:00 there; the day starts at 21:00 UTC the evening before.
    expect(bettingDayStart(Date.UTC(2025, 10, 22, 12), 'Europe/Istanbul', 0)).toBe(Date.UTC(2025, 10, 21, 21) / 1000);
    expect(bettingDayStart(Date.UTC(2025, 10, 22, 12), 'Europe/Istanbul', 1)).toBe(Date.UTC(2025, 10, 22, 21) / 1000);
  });
});
