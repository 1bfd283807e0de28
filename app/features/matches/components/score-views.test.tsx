import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../../core/locale';
import { getI18n } from '../../../i18n/i18n';
import type { RowSection } from '../rows';
import { KICK_OFF, basketballMatch, competition, footballMatch } from '../../../test-support/match-fixtures';
import { ServerNowContext } from '../../../lib/use-clock';
import { BasketballRow } from './basketball-row';
import { FootballRow } from './football-row';
import { ScoreList } from './score-lists';
import type { FootballMatch } from '../../../../core/contracts/matches';

/** What the server sends for a view: the page as a reader without JavaScript gets it. */
function render(node: ReactNode, options: { locale?: Locale; nowSec?: number } = {}): string {
  const locale = options.locale ?? 'en';
  const prefix = locale === 'tr' ? '' : `/${locale}`;
  return renderToString(
    <MemoryRouter initialEntries={[`${prefix}/football`]}>
      <I18nextProvider i18n={getI18n(locale)}>
        <ServerNowContext value={options.nowSec ?? KICK_OFF + 23 * 60 + 5}>{node}</ServerNowContext>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

/** Visible text, tags removed and whitespace collapsed. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

describe('football row', () => {
  it('shows a live match: minute, teams, bold score, red card, link in the reader’s language', () => {
    // The feed sends a half-time field during the first half: it shows only from half time (decision 112).
    const html = render(<FootballRow match={footballMatch({ a0: 2, b0: 1, ht: [1, 0], red: [0, 1] })} changedAtMs={undefined} />);
    const visible = text(html);
    // 23:05 into the match is its 24th minute (decision 111).
    expect(visible).toMatch(/^17:00 24 ?'/);
    expect(visible).toContain('Galatasaray 2 - 1 Fenerbahçe 1 red card');
    expect(visible).not.toContain('(1)');
    expect(visible).not.toContain('HT');
    expect(html).toContain('href="/en/football/Details/101"');
    expect(html).toMatch(/<img[^>]*src="\/crests\/team\/11.svg"[^>]*width="20"[^>]*height="20"[^>]*loading="lazy"/);
    expect(html).toMatch(/aria-label="Add Galatasaray – Fenerbahçe to my matches"/);
  });

  it('shows the half-time score once half time is reached: "(1)" per side on phones, "HT 1-0" wider', () => {
    const match = footballMatch({ status_id: 4, kick_off_time: KICK_OFF + 3600, a0: 2, b0: 1, ht: [1, 0] });
    const visible = text(render(<FootballRow match={match} changedAtMs={undefined} />, { nowSec: KICK_OFF + 3600 + 10 * 60 }));
    expect(visible).toMatch(/56 ?'/);
    expect(visible).toContain('Galatasaray 2 (1) - 1 (0) Fenerbahçe');
    expect(visible).toContain('HT 1-0');
  });

  it('shows a finished match with the translated full-time label', () => {
    const visible = text(render(<FootballRow match={footballMatch({ status_id: 8, a0: 3, b0: 3 })} changedAtMs={undefined} />, { locale: 'tr' }));
    expect(visible).toContain('MS');
    expect(visible).toContain('3 - 3');
    expect(visible).not.toContain('vs');
  });

  it('shows a match that has not started with its time and no score', () => {
    const visible = text(render(<FootballRow match={footballMatch({ status_id: 1 })} changedAtMs={undefined} />, { locale: 'zh' }));
    // 17:00 UTC, in Shanghai (a Chinese page's zone until the browser names its own; decision 115).
    expect(visible).toContain('01:00');
    expect(visible).toContain('vs');
    expect(visible).not.toContain('0 - 0');
  });

  it('shows the second half past 90 minutes as 90+n', () => {
    const match = footballMatch({ status_id: 4, kick_off_time: KICK_OFF + 3600 });
    const visible = text(render(<FootballRow match={match} changedAtMs={undefined} />, { nowSec: KICK_OFF + 3600 + 47 * 60 }));
    // 47:00 after the restart is the 93rd minute: 90+3 (decision 111).
    expect(visible).toMatch(/90\+3 ?'/);
  });
});

describe('basketball row', () => {
  it('shows the period with the time left and both scores', () => {
    const visible = text(render(<BasketballRow match={basketballMatch()} changedAtMs={undefined} />));
    expect(visible).toContain('Q3 05:12');
    expect(visible).toMatch(/Anadolu Efes 58 Fenerbahçe Beko 61/);
  });
});

describe('football list', () => {
  it('server-renders only the first rows of a long list, headed by section and competition', () => {
    const matches: FootballMatch[] = Array.from({ length: 120 }, (_, i) => footballMatch({ match_id: 1000 + i, status_id: 1 }));
    const sections: RowSection<FootballMatch>[] = [{ id: 'notStarted', groups: [{ competition_id: 1, matches }] }];
    const html = render(<ScoreList sport="football" sections={sections} competitions={{ '1': competition() }} changedAt={{}} empty="none" />);
    const links = html.match(/href="\/en\/football\/Details\/\d+"/g) ?? [];
    expect(links.length).toBe(38);
    expect(text(html)).toMatch(/^Not started 120 Süper Lig Türkiye Popular/);
  });

  it('says so when there is nothing to show', () => {
    const html = render(<ScoreList sport="football" sections={[{ id: 'live', groups: [] }]} competitions={{}} changedAt={{}} empty="No football matches today." />);
    expect(text(html)).toBe('No football matches today.');
  });
});
