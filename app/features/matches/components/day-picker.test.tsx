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
import { DayPicker } from './scores-toolbar';

const TODAY = Date.UTC(2025, 10, 22) / 1000;
const DAY = 86400;

function render(path: string, locale: Locale, daySec: number): string {
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <I18nextProvider i18n={getI18n(locale)}>
        <DayPicker todaySec={TODAY} daySec={daySec} />
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
    // The server does not know the reader's zone: it names weekdays only; the browser adds
    // today / yesterday / tomorrow where they are true there (relativeListDay, day.test.ts).
    expect(text(html)).toContain('Thu 11/20 Fri 11/21 Sat 11/22 Sun 11/23 Mon 11/24');
    expect(text(html)).not.toMatch(/Today|Yesterday|Tomorrow/);
  });

  it('names the days in the reader’s language', () => {
    expect(text(render('/basketball', 'tr', TODAY))).toContain('Per 20/11 Cum 21/11 Cmt 22/11 Paz 23/11 Pzt 24/11');
  });

  it('reads the day from the address: today without one, a picker day, or invalid', () => {
    expect(pickerDays(TODAY).map((d) => d.offset)).toEqual([-7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7]);
    expect(parseDayParam(null, TODAY)).toBe(TODAY);
    expect(parseDayParam('2025-11-15', TODAY)).toBe(TODAY - 7 * DAY);
    expect(parseDayParam('2025-11-29', TODAY)).toBe(TODAY + 7 * DAY);
    expect(parseDayParam('2025-11-14', TODAY)).toBe('invalid');
    expect(parseDayParam('2025-11-31', TODAY)).toBe('invalid');
    expect(parseDayParam('1732233600', TODAY)).toBe('invalid');
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
      { day: TODAY - 2 * DAY, locale: 'en' },
      { timestamp: TODAY + 3 * DAY, locale: 'tr' },
    ]);
    const redirected = await footballLoader(request('/football?list=hot&day=2024-01-01')).catch((response: Response) => response);
    expect((redirected as Response).status).toBe(302);
    expect((redirected as Response).headers.get('location')).toBe('/football?list=hot');
  });
});
