import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../../core/locale';
import { attributes, render, text } from '../../../test-support/render';
import { basketballMatch, competition, footballMatch, KICK_OFF } from '../../../test-support/match-fixtures';
import { sideMatches } from '../columns';
import { ListColumns, useCompetitionGroup } from './list-columns';
import { ScoreList } from './score-lists';
import { SelectedMatchContext } from './selected-match';

const matches = sideMatches(
  [
    { matches: [footballMatch({ match_id: 11, competition_id: 1, status_id: 2 })] },
    { matches: [footballMatch({ match_id: 21, competition_id: 2, status_id: 1, match_time: KICK_OFF + 3600, home_team_name: 'Arsenal', away_team_name: 'Chelsea' })] },
  ],
  [basketballMatch({ match_id: 501, competition_id: 9, status_id: 1, match_time: KICK_OFF + 1800 })],
);
const football = { '1': competition({ competition_id: 1, name: 'Süper Lig' }), '2': competition({ competition_id: 2, name: 'Premier League', is_hot: false }) };
const basketball = { '9': competition({ competition_id: 9, name: 'Basketbol Süper Ligi', is_hot: false }) };

function Page() {
  const { t } = useTranslation('scores');
  const footballGroup = useCompetitionGroup('football', t('columns.football'), matches.slice(0, 2), football, [1]);
  const basketballGroup = useCompetitionGroup('basketball', t('columns.basketball'), matches.slice(2), basketball);
  return (
    <ListColumns matches={matches} competitions={[footballGroup, basketballGroup]} favouritesTo="/football?list=favourites">
      <section data-testid="the-list">list</section>
    </ListColumns>
  );
}

const renderIn = (locale: Locale) => render(<Page />, { locale, path: '/' });

describe('the desktop columns, as the server sends them', () => {
  it('put a nav of competitions and favourites before the list and an aside after it', () => {
    const html = renderIn('en');
    const nav = html.indexOf('<nav aria-label="Competitions and favourites"');
    const list = html.indexOf('data-testid="the-list"');
    const aside = html.indexOf('<aside');
    expect(nav).toBeGreaterThan(-1);
    expect(nav).toBeLessThan(list);
    expect(aside).toBeGreaterThan(list);
  });

  it('are not displayed below the lg breakpoint: the list alone keeps the phone layout', () => {
    const html = renderIn('en');
    for (const testId of ['competitions-column', 'match-column']) {
      const tag = new RegExp(`<[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(tag).toMatch(/class="hidden [^"]*lg:flex/);
    }
    expect(/<div[^>]*data-testid="list-columns"[^>]*>/.exec(html)?.[0]).toMatch(/class="lg:grid [^"]*"/);
  });

  it('link every competition to its page, hot first, per sport, in the reader’s language', () => {
    expect(attributes(renderIn('en'), 'competition-link', 'href')).toEqual(['/en/competition/1', '/en/competition/2', '/en/competition/9']);
    expect(attributes(renderIn('tr'), 'competition-link', 'href')).toEqual(['/competition/1', '/competition/2', '/competition/9']);
  });

  it('show the next kick-offs in the aside when no match is selected, each linked to its page', () => {
    const html = renderIn('zh');
    expect(attributes(html, 'column-match', 'href')).toEqual(['/zh/basketball/Details/501', '/zh/football/Details/21']);
    expect(text(html)).toContain('即将开赛');
    expect(html).not.toContain('data-testid="selected-match"');
  });

  it('say that the favourites are loading until the browser knows them, in tr, en and zh', () => {
    expect(text(renderIn('tr'))).toContain('Favorileriniz yükleniyor…');
    expect(text(renderIn('en'))).toContain('Loading your favourites…');
    expect(text(renderIn('zh'))).toContain('正在加载您的收藏…');
    expect(renderIn('en')).toContain('href="/en/football?list=favourites"');
  });

  it('name their boxes in every language', () => {
    expect(text(renderIn('tr'))).toMatch(/^Favoriler .*Futbol Süper Lig 1 \(1 maç, 1 canlı\) .*Basketbol .* list Sıradaki maçlar /);
    expect(text(renderIn('en'))).toMatch(/^Favourites .*Football Süper Lig 1 \(1 match, 1 live\) .*Basketball .* list Next kick-offs /);
    expect(text(renderIn('zh'))).toMatch(/^收藏 .*足球 Süper Lig 1 \(1 场比赛, 1 场进行中\) .*篮球 .* list 即将开赛 /);
  });
});

describe('the selected row in the list', () => {
  const sections = [{ id: 'live' as const, groups: [{ competition_id: 1, matches: [footballMatch({ match_id: 11 }), footballMatch({ match_id: 12 })] }] }];
  const list = <ScoreList sport="football" sections={sections} competitions={football} changedAt={{}} empty="none" />;
  const marked = (html: string) => [...html.matchAll(/<div aria-current="true"[^>]*>\s*<div[^>]*data-match-id="(\d+)"/g)].map((m) => m[1]);

  it('carries the mark only while its match is shown beside the list, for the same sport', () => {
    expect(marked(render(list))).toEqual([]);
    expect(marked(render(<SelectedMatchContext value={{ sport: 'football', matchId: 12 }}>{list}</SelectedMatchContext>))).toEqual(['12']);
    expect(marked(render(<SelectedMatchContext value={{ sport: 'basketball', matchId: 12 }}>{list}</SelectedMatchContext>))).toEqual([]);
  });
});
