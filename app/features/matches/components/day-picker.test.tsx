import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../../core/locale';
import { getI18n } from '../../../i18n/i18n';
import { loadContext } from '../../../test-support/load-context';
import { text } from '../../../test-support/render';
import { parseDayParam, pickerDays, revalidateOnDayChange } from '../day';
import { loader as basketballLoader } from '../routes/basketball';
import { loader as footballLoader } from '../routes/football';
import { footballDay } from '../../../test-support/match-fixtures';
import { ServerNowContext } from '../../../lib/use-clock';
import { DayPicker } from './scores-toolbar';

const TODAY = Date.UTC(2025, 10, 22) / 1000;
const DAY = 86400;

function render(path: string, locale: Locale, daySec: number, nowSec = 0): string {
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <I18nextProvider i18n={getI18n(locale)}>
        <ServerNowContext value={nowSec}>
          <DayPicker todaySec={TODAY} daySec={daySec} />
        </ServerNowContext>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('list pages’ date picker', () => {
  it('offers the previous 7 days, today and the next 7 as links, today without a parameter', () => {
    const html = render('/en/football?list=hot&day=2025-11-20', 'en', TODAY - 2 * DAY);
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(hrefs).toHaveLength(15);
    expect(hrefs[0]).toBe('/en/football?list=hot&day=2025-11-15');
    expect(hrefs[7]).toBe('/en/football?list=hot');
    expect(hrefs[14]).toBe('/en/football?list=hot&day=2025-11-29');
    expect((html.match(/aria-current="page"/g) ?? []).length).toBe(1);
    expect(html).toMatch(/aria-current="page"[^>]*href="\/en\/football\?list=hot&amp;day=2025-11-20"/);
    // Without the loader's clock nothing is called today; weekdays only.
    expect(text(html)).toContain('Thu 11/20 Fri 11/21 Sat 11/22 Sun 11/23 Mon 11/24');
    expect(text(html)).not.toMatch(/Today|Yesterday|Tomorrow/);
  });

  it('says today, yesterday and tomorrow from the server on, in the page’s zone (decision 115)', () => {
    // The loader's clock at 15:00 UTC on the 22nd; the page renders in London (en's usual zone).
    const html = render('/en/football', 'en', TODAY, TODAY + 15 * 3600);
    expect(text(html)).toContain('Thu 11/20 Yesterday 11/21 Today 11/22 Tomorrow 11/23 Mon 11/24');
  });

  it('names the days in the reader’s language', () => {
    expect(text(render('/basketball', 'tr', TODAY))).toContain('Per 20/11 Cum 21/11 Cmt 22/11 Paz 23/11 Pzt 24/11');
  });

  it('reads the day from the address: today without one, a picker day, or invalid', () => {
    expect(pickerDays(TODAY, 'UTC').map((d) => d.offset)).toEqual([-7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7]);
    expect(parseDayParam(null, TODAY, 'UTC')).toBe(TODAY);
    expect(parseDayParam('2025-11-15', TODAY, 'UTC')).toBe(TODAY - 7 * DAY);
    expect(parseDayParam('2025-11-29', TODAY, 'UTC')).toBe(TODAY + 7 * DAY);
    expect(parseDayParam('2025-11-14', TODAY, 'UTC')).toBe('invalid');
    expect(parseDayParam('2025-11-31', TODAY, 'UTC')).toBe('invalid');
    expect(parseDayParam('1732233600', TODAY, 'UTC')).toBe('invalid');
  });

  it('counts the days in the page’s zone: each starts at its local midnight', () => {
    // Shanghai's 22 November starts at 16:00 UTC on the 21st.
    const shanghaiToday = TODAY - 8 * 3600;
    const days = pickerDays(shanghaiToday, 'Asia/Shanghai');
    expect(days[7]).toEqual({ daySec: shanghaiToday, offset: 0, param: null });
    expect(days[8]).toEqual({ daySec: shanghaiToday + DAY, offset: 1, param: '2025-11-23' });
    expect(parseDayParam('2025-11-29', shanghaiToday, 'Asia/Shanghai')).toBe(shanghaiToday + 7 * DAY);
    expect(parseDayParam('2025-11-30', shanghaiToday, 'Asia/Shanghai')).toBe('invalid');
    // London's clocks go back on 26 October 2025: that day lasts 25 hours, the next starts at 00:00 GMT.
    const london = pickerDays(Date.UTC(2025, 9, 30) / 1000, 'Europe/London');
    expect(london.find((d) => d.param === '2025-10-26')?.daySec).toBe(Date.UTC(2025, 9, 25, 23) / 1000);
    expect(london.find((d) => d.param === '2025-10-27')?.daySec).toBe(Date.UTC(2025, 9, 27) / 1000);
  });

  it('reloads the list when the day changes, not when only All/Hot does', () => {
    const revalidate = (from: string, to: string) =>
      revalidateOnDayChange({ currentUrl: new URL(`http://x${from}`), nextUrl: new URL(`http://x${to}`), currentParams: {}, nextParams: {}, defaultShouldRevalidate: true } as never);
    expect(revalidate('/football', '/football?day=2025-11-21')).toBe(true);
    expect(revalidate('/football?day=2025-11-21', '/football?day=2025-11-21&list=hot')).toBe(false);
  });
});

describe('list loaders', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((TODAY + 15 * 3600) * 1000);
  });
  afterEach(() => vi.useRealTimers());

  it('ask for the chosen day and send a day out of reach back to today', async () => {
    const asked: unknown[] = [];
    const { context } = loadContext({
      matches: {
        listFootball: async (options) => (asked.push(options), footballDay()),
        listBasketball: async (options) => (asked.push(options), { competitionList: [], matchIngList: [], matchWaitList: [], matchEndList: [] }),
      },
    });
    const request = (path: string) => ({ request: new Request(`http://localhost${path}`), params: {}, context }) as never;
    const football = await footballLoader(request('/en/football?day=2025-11-20'));
    expect(football).toMatchObject({ todaySec: TODAY, daySec: TODAY - 2 * DAY });
    await basketballLoader(request('/basketball?day=2025-11-25'));
    expect(asked).toEqual([
      // London is on UTC in November; Istanbul's 25 November starts at 21:00 UTC the day before.
      { day: TODAY - 2 * DAY, locale: 'en' },
      { timestamp: TODAY + 3 * DAY - 3 * 3600, locale: 'tr' },
    ]);
    const redirected = await footballLoader(request('/football?list=hot&day=2024-01-01')).catch((response: Response) => response);
    expect((redirected as Response).status).toBe(302);
    expect((redirected as Response).headers.get('location')).toBe('/football?list=hot');
  });

  it('take today from the zone cookie: a Shanghai reader at 01:00 is on the next day (decision 115)', async () => {
    vi.setSystemTime((TODAY + 17 * 3600) * 1000); // 22 November 17:00 UTC, 23 November 01:00 in Shanghai
    const asked: unknown[] = [];
    const { context } = loadContext({ matches: { listFootball: async (options) => (asked.push(options), footballDay()) } });
    const request = (path: string, cookie?: string) =>
      ({ request: new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }), params: {}, context }) as never;
    const shanghai = await footballLoader(request('/football', 'tribun_tz=Asia%2FShanghai'));
    expect(shanghai).toMatchObject({ todaySec: TODAY + 16 * 3600, daySec: TODAY + 16 * 3600 });
    // Chinese pages default to Shanghai; a hostile cookie is no zone at all.
    expect(await footballLoader(request('/zh/football', 'tribun_tz=%3Cscript%3E'))).toMatchObject({ todaySec: TODAY + 16 * 3600 });
    expect(await footballLoader(request('/en/football', 'tribun_tz=Mars%2FOlympus'))).toMatchObject({ todaySec: TODAY });
    // A picked day is that date in the reader's zone.
    expect(await footballLoader(request('/football?day=2025-11-22', 'tribun_tz=Asia/Shanghai'))).toMatchObject({ daySec: TODAY - 8 * 3600 });
    expect(asked.map((options) => (options as { day: number }).day)).toEqual([TODAY + 16 * 3600, TODAY + 16 * 3600, TODAY, TODAY - 8 * 3600]);
  });
});
