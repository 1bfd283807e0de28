import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../../core/contracts/matches';
import type { MatchReadServices } from '../../../core/contracts/services';
import type { Locale } from '../../../core/locale';
import { getI18n } from '../../i18n/i18n';
import { ServerNowContext } from '../../lib/use-clock';
import { basketballMatch, competition, footballMatch } from '../../test-support/match-fixtures';
import { applyLiveIdMessage, loadNextKickOff, NextKickOffLine, timeUntil, type NextKickOffView } from './next-kick-off';

// 2026-11-24 19:00 UTC
const KICK = Date.UTC(2026, 10, 24, 19, 0) / 1000;
const NEXT: NextKickOffView = { sport: 'football', matchId: 42, kickOffSec: KICK, home: 'Galatasaray', away: 'Fenerbahçe' };

function render(next: NextKickOffView, nowSec: number, locale: Locale = 'en'): string {
  const prefix = locale === 'tr' ? '' : `/${locale}`;
  const html = renderToString(
    <MemoryRouter initialEntries={[`${prefix}/`]}>
      <I18nextProvider i18n={getI18n(locale)}>
        <ServerNowContext value={nowSec}>
          <NextKickOffLine next={next} />
        </ServerNowContext>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return html;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('next kick-off line', () => {
  it('says in the server render (the page’s zone, the loader’s clock) when and which match starts, linked in the reader’s language', () => {
    // An English page without a zone cookie renders in London: 19:00 UTC in November is 19:00 there.
    const html = render(NEXT, KICK - (2 * 3600 + 15 * 60));
    expect(text(html)).toBe('No match is live. Next: Galatasaray – Fenerbahçe at 19:00 (in 2 h 15 min)');
    expect(html).toContain('href="/en/football/Details/42"');
  });

  it('in Turkish and Chinese, minutes only under an hour, in Istanbul and Shanghai time', () => {
    expect(text(render(NEXT, KICK - 5 * 60 - 30, 'tr'))).toBe('Şu an canlı maç yok. Sıradaki: Galatasaray – Fenerbahçe, saat 22:00 (6 dk sonra)');
    expect(text(render({ ...NEXT, sport: 'basketball' }, KICK - 3600, 'zh'))).toBe(
      '当前没有进行中的比赛。 下一场：Galatasaray – Fenerbahçe，03:00 开赛 （1 小时 0 分钟后）',
    );
    expect(render({ ...NEXT, sport: 'basketball' }, KICK - 3600, 'zh')).toContain('href="/zh/basketball/Details/42"');
  });

  it('drops the countdown once the kick-off is due', () => {
    expect(text(render(NEXT, KICK + 30))).toBe('No match is live. Next: Galatasaray – Fenerbahçe at 19:00');
  });
});

describe('timeUntil', () => {
  it('rounds up to the minute and is null when due', () => {
    expect(timeUntil(KICK, KICK - 61)).toEqual({ hours: 0, minutes: 2 });
    expect(timeUntil(KICK, KICK - 3600)).toEqual({ hours: 1, minutes: 0 });
    expect(timeUntil(KICK, KICK)).toBeNull();
  });
});

describe('live football ids', () => {
  const message = (matchId: number, status: number): LiveMessage => ({ type: 'score', data: { match_id: matchId, status, a0: 0, b0: 0 }, publish_time: KICK });

  it('a match enters at a live status and leaves when it ends; other messages change nothing', () => {
    const none: ReadonlySet<number> = new Set();
    const started = applyLiveIdMessage(none, message(7, 2));
    expect([...started]).toEqual([7]);
    expect(applyLiveIdMessage(started, message(7, 3))).toBe(started);
    expect(applyLiveIdMessage(none, message(8, 1))).toBe(none);
    expect([...applyLiveIdMessage(started, message(7, 8))]).toEqual([]);
  });
});

describe('loadNextKickOff', () => {
  function reads(next: Awaited<ReturnType<MatchReadServices['findNextKickOff']>>): MatchReadServices {
    const notUsed = () => Promise.reject(new Error('not used'));
    return {
      listFootball: notUsed,
      listHotFootball: notUsed,
      listBasketball: notUsed,
      findNextKickOff: () => Promise.resolve(next),
      findFootballMatch: ({ matchId }) =>
        Promise.resolve({ match: footballMatch({ match_id: matchId, home_team_name: 'Beşiktaş', away_team_name: 'Trabzonspor' }), competition: competition() }),
      findBasketballMatch: ({ matchId }) =>
        Promise.resolve({ match: basketballMatch({ match_id: matchId, home_team_name: 'Anadolu Efes', away_team_name: 'Fenerbahçe Beko' }), competition: competition() }),
    };
  }

  it('names the teams of the next match of either sport', async () => {
    await expect(loadNextKickOff(reads({ match_id: 5, sport: 'football', competition_id: 1, kick_off_time: KICK }), 'en')).resolves.toEqual({
      sport: 'football',
      matchId: 5,
      kickOffSec: KICK,
      home: 'Beşiktaş',
      away: 'Trabzonspor',
    });
    await expect(loadNextKickOff(reads({ match_id: 6, sport: 'basketball', competition_id: 2, kick_off_time: KICK }), 'en')).resolves.toMatchObject({
      sport: 'basketball',
      home: 'Anadolu Efes',
      away: 'Fenerbahçe Beko',
    });
    await expect(loadNextKickOff(reads(null), 'en')).resolves.toBeNull();
  });
});
