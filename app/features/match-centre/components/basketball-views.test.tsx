import { describe, expect, it } from 'vitest';
import { basketballMatch, competition } from '../test-support/fixtures';
import { render, text } from '../../../test-support/render';
import { BasketballOverviewPanels, BasketballScoreDetailsPanels, PopularLeaguesPanel, boxScoreRows } from './basketball-panels';
import { PlayersPanel } from './players-table';
import { player } from '../test-support/fixtures';

describe('basketball overview', () => {
  it('shows points per quarter (quarters not played yet as a dash) and the team box score', () => {
    const stats = {
      kind: 'basketball' as const,
      field_goals_made: [22, 24] as [number, number],
      field_goals_attempted: [45, 50] as [number, number],
      rebounds: [30, 28] as [number, number],
    };
    const visible = text(render(<BasketballOverviewPanels match={basketballMatch()} stats={stats} round="12" />, { path: '/basketball/Details/501' }));
    expect(visible).toContain('Team Q1 Q2 Q3 Q4 Total Anadolu Efes 20 22 16 – 58 Fenerbahçe Beko 18 25 18 – 61');
    expect(visible).toContain('22/45 (49%) Field goals 24/50 (48%)');
    expect(visible).toContain('30 Rebounds 28');
    expect(visible).not.toContain('Steals');
  });

  it('adds a column per overtime and says plainly what is missing', () => {
    const match = basketballMatch({ status_id: 10, periods: [[20, 18], [22, 25], [16, 18], [20, 17], [10, 8]], a0: 88, b0: 86 });
    expect(text(render(<BasketballOverviewPanels match={match} stats={null} round={null} />))).toContain('Q4 OT1 Total');
    expect(text(render(<BasketballOverviewPanels match={match} stats={null} round={null} />))).toContain('No box score has been received for this game.');
    const waiting = text(render(<BasketballOverviewPanels match={basketballMatch({ status_id: 1, periods: [] })} stats={null} round={null} />, { locale: 'tr' }));
    expect(waiting).toContain('Maç henüz başlamadı.');
  });

  it('gives the score after each quarter in the score details', () => {
    const visible = text(render(<BasketballScoreDetailsPanels match={basketballMatch()} />));
    expect(visible).toContain('Score after each quarter Team Q1 Q2 Q3 Q4 Anadolu Efes 20 42 58 – Fenerbahçe Beko 18 43 61 –');
  });

  it('lists shooting as made/attempted with the percentage, and nothing when attempts are missing', () => {
    expect(boxScoreRows({ kind: 'basketball', three_points_made: [0, 3], three_points_attempted: [0, 9] })).toEqual([
      { key: 'threePoints', values: ['0/0 (–)', '3/9 (33%)'] },
    ]);
    expect(boxScoreRows({ kind: 'basketball', free_throws_made: [5, 5] })).toEqual([]);
  });
});

describe('basketball players and popular leagues', () => {
  it('shows a box per player', () => {
    const data = { home: [player({ name: 'Shane Larkin', number: 3, stats: { points: 21, rebounds: 4, assists: 7, minutes: 31 } })], away: [] };
    expect(text(render(<PlayersPanel data={data} sport="basketball" homeName="Anadolu Efes" awayName="Fenerbahçe Beko" />))).toContain(
      'Anadolu Efes # Player Min Pts Reb A 3 Shane Larkin Starter 31 21 4 7',
    );
  });

  it('links the popular competitions to their pages, and says when there are none', () => {
    const html = render(<PopularLeaguesPanel competitions={[competition({ competition_id: 9, name: 'EuroLeague', country: 'Europe' })]} isHotList />, { locale: 'zh' });
    expect(html).toContain('href="/zh/competition/9"');
    expect(text(html)).toContain('EuroLeague Europe');
    expect(text(render(<PopularLeaguesPanel competitions={[]} isHotList={false} />))).toContain('No basketball competitions are playing today.');
  });
});
