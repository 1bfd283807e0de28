import { describe, expect, it } from 'vitest';
import { event, footballMatch, h2hData, historyMatch, KICK_OFF, momentum, player, standings, standingsRow } from '../test-support/fixtures';
import { attributes, render, text } from '../../../test-support/render';
import { ExpiredNotice } from './expired-notice';
import { FootballOverviewPanels, FootballScoreDetailsPanels, PredictionsPanel, type FootballLiveView } from './football-panels';
import { H2hPanels } from './h2h';
import { LineupsPanel } from './lineups';
import { MomentumChart } from './momentum-chart';
import { PlayersPanel } from './players-table';
import { StandingsTable } from './standings-table';
import { StatBars, FOOTBALL_KEY_STATS } from './stat-bars';
import { Timeline } from './timeline';

const names = { homeName: 'Galatasaray', awayName: 'Fenerbahçe' };

function view(overrides: Partial<FootballLiveView> = {}): FootballLiveView {
  return { match: footballMatch(), events: [], stats: null, momentum: [], scoreDetails: { periods: [], final: [0, 0] }, ...overrides };
}

describe('timeline', () => {
  it('lists goals, cards, substitutions and VAR in order, home on the left and away on the right, with minute and players', () => {
    const events = [
      event({ type: 8, minute: 61, side: 'away', player: 'Edin Dzeko', related_player: 'Dusan Tadic' }),
      event({ type: 0, minute: 45, added_minute: 2, side: 'home', player: 'Mauro Icardi', related_player: 'Dries Mertens' }),
      event({ type: 20, minute: 50, side: 'home' }),
      event({ type: 2, minute: 33, side: 'away', player: 'Fred' }),
      event({ type: 12, minute: 45, side: null, detail: '1-0' }),
      event({ type: 24, minute: 70, side: 'home', player: null, detail: 'Goal disallowed' }),
    ];
    const html = render(<Timeline events={events} {...names} started />);
    expect(attributes(html, 'timeline-event', 'data-side')).toEqual(['away', 'home', 'none', 'away', 'home']);
    const visible = text(html);
    expect(visible).toContain("33' Fenerbahçe: Fred Yellow card");
    expect(visible).toContain("45+2' Galatasaray: Mauro Icardi Assist: Dries Mertens Goal");
    expect(visible).toContain('Half time 1-0');
    expect(visible).toContain("61' Fenerbahçe: On: Dusan Tadic Off: Edin Dzeko Substitution");
    expect(visible).toContain("70' Galatasaray: VAR Goal disallowed");
    expect(visible).not.toContain('Dangerous attack');
  });

  it('says plainly when nothing has happened yet, in the reader’s language', () => {
    expect(text(render(<Timeline events={[event({ type: 1 })]} {...names} started />))).toBe('No goals, cards or substitutions so far.');
    expect(text(render(<Timeline events={[]} {...names} started={false} />, { locale: 'tr' }))).toContain('Maç henüz başlamadı.');
  });
});

describe('key statistics', () => {
  it('prints both values of each statistic the feed gave, with a bar split by share', () => {
    const stats = { kind: 'football' as const, possession: [58, 42] as [number, number], shots_on: [5, 2] as [number, number], corners: [0, 0] as [number, number] };
    const html = render(<StatBars stats={stats} keys={FOOTBALL_KEY_STATS} {...names} empty="none" />);
    expect(text(html)).toContain('58% Possession 42% 5 Shots on target 2 0 Corners 0');
    expect(text(html)).not.toContain('Attacks');
    expect(html).toContain('width:58%');
    expect(html).toContain('width:50%');
  });

  it('invents no figures when there are none', () => {
    const html = render(<FootballOverviewPanels view={view({ match: footballMatch({ status_id: 1 }) })} round={null} />);
    expect(text(html)).toContain('Statistics will appear once the match starts.');
    expect(text(html)).toContain('No attack momentum has been received for this match yet.');
  });
});

describe('attack momentum chart', () => {
  it('draws home above the axis and away below, and says in words who pressed when', () => {
    const minutes = [momentum(1, 4, 0), momentum(2, 6, 2), momentum(3, 0, 5), momentum(4, 3, 3), momentum(60, 0, 9)];
    const html = render(<MomentumChart minutes={minutes} {...names} />);
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain('Attack momentum by minute: Galatasaray above the line, Fenerbahçe below');
    // 4 home bars above the line (y + height = 50), 4 away bars from the line down.
    expect((html.match(/class="fill-accent"/g) ?? []).length).toBe(3);
    expect((html.match(/<rect x="[\d.]+" y="50"/g) ?? []).length).toBe(4);
    expect(text(html)).toContain(
      'Up to minute 60, Galatasaray had more of the attacking pressure in 2 minutes and Fenerbahçe in 2; 1 minutes were even. Strongest spell: Galatasaray, minutes 1 to 4.',
    );
  });

  it('stretches the axis to 120 minutes after extra time', () => {
    const html = render(<MomentumChart minutes={[momentum(1, 1, 0), momentum(110, 0, 1)]} {...names} />);
    expect(text(html)).toContain("105' 120'");
  });
});

describe('overview and score details', () => {
  it('shows the round and the score by period in one line', () => {
    const details = { periods: [{ label: 'h1' as const, score: [1, 0] as [number, number] }, { label: 'h2' as const, score: [1, 1] as [number, number] }], final: [2, 1] as [number, number] };
    const visible = text(render(<FootballOverviewPanels view={view({ scoreDetails: details })} round="13" />));
    expect(visible).toMatch(/^Round 13 1st half 1-0 2nd half 1-1/);
    const table = text(render(<FootballScoreDetailsPanels view={view({ scoreDetails: details })} />));
    expect(table).toContain('Team 1H 2H Final Galatasaray 1 1 2 Fenerbahçe 0 1 1');
  });
});

describe('lineups', () => {
  const home = {
    formation: '4-3-3',
    players: [
      player({ name: 'Fernando Muslera', number: 1, x: 0.05, y: 0.5 }),
      player({ name: 'Mauro Icardi', number: 9, x: 0.9, y: 0.5, minute_out: 70 }),
      player({ name: 'Dries Mertens', number: 10, starter: false, minute_in: 70 }),
      player({ name: 'Kerem Demirbay', number: 8, starter: false }),
    ],
  };
  const away = { formation: '4-2-3-1', players: [player({ name: 'Dominik Livakovic', number: 40, x: 0.05, y: 0.5 })] };

  it('puts both sides’ starters on the pitch at their places, home defending the left, away turned round', () => {
    const html = render(<LineupsPanel lineups={{ home, away }} {...names} />);
    expect(attributes(html, 'pitch-player', 'data-side')).toEqual(['home', 'home', 'away']);
    expect(attributes(html, 'pitch-player', 'data-px')).toEqual(['0.063', '0.454', '0.937']);
    expect(attributes(html, 'pitch-player', 'data-py')).toEqual(['0.500', '0.500', '0.500']);
    const visible = text(html);
    expect(visible).toContain('Galatasaray (4-3-3)');
    expect(visible).toContain('Fenerbahçe (4-2-3-1)');
    expect(visible).toContain('9 Icardi');
    expect(visible).toContain('Substitutes 10 Dries Mertens 8 Kerem Demirbay');
    expect(visible).toContain("Substitutions 70' On: Dries Mertens Off: Mauro Icardi");
  });

  it('names each position in the reader’s language, keyed by the value the data uses', () => {
    const positions = {
      formation: '4-4-2',
      players: [
        player({ name: 'Fernando Muslera', number: 1, position: 'Goalkeeper' }),
        player({ name: 'Davinson Sánchez', number: 6, position: 'Left Center Back' }),
        player({ name: 'Lucas Torreira', number: 34, position: 'Center Defensive Midfield' }),
        player({ name: 'Mauro Icardi', number: 9, position: 'Center Forward' }),
        player({ name: 'Kerem Demirbay', number: 8, position: 'Secondary Striker', starter: false }),
        player({ name: 'Someone', number: 99, position: 'Sweeper Keeper', starter: false }),
      ],
    };
    const tr = text(render(<LineupsPanel lineups={{ home: positions, away: null }} {...names} />, { locale: 'tr' }));
    for (const words of ['1 Fernando Muslera Kaleci', '6 Davinson Sánchez Sol stoper', '34 Lucas Torreira Ön libero', '9 Mauro Icardi Santrfor', '8 Kerem Demirbay Gizli forvet']) expect(tr).toContain(words);
    const zh = text(render(<LineupsPanel lineups={{ home: positions, away: null }} {...names} />, { locale: 'zh' }));
    for (const words of ['1 Fernando Muslera 门将', '6 Davinson Sánchez 左中后卫', '34 Lucas Torreira 后腰', '9 Mauro Icardi 中锋', '8 Kerem Demirbay 影锋']) expect(zh).toContain(words);
    const en = text(render(<LineupsPanel lineups={{ home: positions, away: null }} {...names} />));
    expect(en).toContain('6 Davinson Sánchez Left centre-back');
    // A position the translations do not know is shown as the data wrote it.
    for (const visible of [tr, zh, en]) expect(visible).toContain('99 Someone Sweeper Keeper');
    for (const visible of [tr, zh]) expect(visible).not.toMatch(/Goalkeeper|Center Back|Forward|Midfield/);
  });

  it('says so when the lineups are not available', () => {
    expect(text(render(<LineupsPanel lineups={{ home: null, away: null }} {...names} />))).toBe('Lineups The lineups of this match are not available.');
    const oneSide = text(render(<LineupsPanel lineups={{ home, away: null }} {...names} />, { locale: 'tr' }));
    expect(oneSide).toContain('Bu takımın kadrosu mevcut değil.');
  });
});

describe('standings', () => {
  const table = standings({
    rows: [
      standingsRow({ position: 1, team_id: 11, team_name: 'Galatasaray', points: 32 }),
      standingsRow({ position: 2, team_id: 13, team_name: 'Trabzonspor', points: 28, deducted: 3 }),
      standingsRow({ position: 3, team_id: 12, team_name: 'Fenerbahçe', points: 27, goal_difference: -2 }),
    ],
    deductions: [{ id: 1, team_id: 13, team_name: 'Trabzonspor', points: 3, reason: 'Financial fair play' }],
    played_matches: 117,
    total_matches: 306,
    highlight: [11, 12],
  });

  it('highlights the match’s two teams, marks and explains deducted points, and says how far the season is', () => {
    const html = render(<StandingsTable standings={table} sport="football" showCompetitionLink />);
    expect(attributes(html, 'standings-row', 'data-highlight')).toEqual(['true', 'false', 'true']);
    const visible = text(html);
    expect(visible).toContain('after 117 of 306 matches');
    expect(visible).toContain('# Team P W D L GF GA Diff Pts');
    expect(visible).toContain('Trabzonspor 13 10 2 1 30 10 +20 28 *');
    expect(visible).toContain('Fenerbahçe 13 10 2 1 30 10 -2 27');
    expect(visible).toContain('* Trabzonspor: 3 points deducted (Financial fair play).');
    expect(html).toContain('href="/en/competition/1"');
    expect(html).toContain('href="/en/team/13"');
  });

  it('shows a basketball table as wins and losses with the winning percentage', () => {
    const visible = text(render(<StandingsTable standings={standings({ rows: [standingsRow({ played: 10, won: 7, drawn: 0, lost: 3 })] })} sport="basketball" showCompetitionLink={false} />));
    expect(visible).toContain('# Team P W L Pct PF PA Diff Pts');
    expect(visible).toContain('Galatasaray 10 7 3 .700');
    expect(visible).not.toContain('after');
  });
});

describe('head to head', () => {
  it('sums up the meetings, lists them, links only those whose detail is kept, and shows both teams’ form', () => {
    const data = h2hData({
      meetings: [historyMatch({ match_id: 801, match_time: KICK_OFF - 40 * 86400, a0: 2, b0: 1 }), historyMatch({ match_id: 802, match_time: KICK_OFF - 200 * 86400, a0: 0, b0: 0 })],
      summary: { home_wins: 1, draws: 1, away_wins: 0 },
      home_form: [historyMatch({ match_id: 803, outcome: 'W' }), historyMatch({ match_id: 804, outcome: 'L', a0: 0, b0: 3 })],
      away_form: [],
    });
    const html = render(<H2hPanels data={data} sport="football" nowSec={KICK_OFF} homeTeamId={11} awayTeamId={12} {...names} />);
    expect(text(html)).toContain('2 meetings: Galatasaray won 1, Fenerbahçe won 0, 1 drawn.');
    expect(attributes(html, 'history-match', 'data-linked').slice(0, 2)).toEqual(['true', 'false']);
    expect(html).toContain('href="/en/football/Details/801"');
    expect(html).not.toContain('href="/en/football/Details/802"');
    expect(text(html)).toContain('Win: Galatasaray 2-1 Fenerbahçe');
    expect(text(html)).toContain('Loss: Galatasaray 0-3 Fenerbahçe');
    expect(text(html)).toContain('No recent results.');
  });

  it('says when the teams never met', () => {
    expect(text(render(<H2hPanels data={h2hData()} sport="football" nowSec={KICK_OFF} homeTeamId={11} awayTeamId={12} {...names} />))).toContain(
      'No earlier meetings of Galatasaray and Fenerbahçe in our data.',
    );
  });
});

describe('player statistics', () => {
  it('shows a table per side with only the figures some player has', () => {
    const data = { home: [player({ name: 'Mauro Icardi', number: 9, position: 'Striker', stats: { goals: 2, shots: 5 } }), player({ name: 'Dries Mertens', number: 10, starter: false, stats: { shots: 1 } })], away: [] };
    const visible = text(render(<PlayersPanel data={data} sport="football" {...names} />));
    expect(visible).toContain('Galatasaray # Player G Sh 9 Mauro Icardi Striker 2 5 10 Dries Mertens Substitute – 1');
    expect(visible).toContain('No player statistics for this team.');
    // The position is the reader's word for it, as in the lineups.
    expect(text(render(<PlayersPanel data={data} sport="football" {...names} />, { locale: 'tr' }))).toContain('9 Mauro Icardi Santrfor 2 5');
    expect(text(render(<PlayersPanel data={data} sport="football" {...names} />, { locale: 'zh' }))).toContain('9 Mauro Icardi 中锋 2 5');
    expect(text(render(<PlayersPanel data={{ home: [], away: [] }} sport="football" {...names} />))).toBe(
      'Player statistics No player statistics are available for this match.',
    );
  });
});

describe('placeholders and old matches', () => {
  it('loads the match’s plans in the browser and offers to publish one before kick-off', () => {
    const html = render(<PredictionsPanel match={footballMatch({ status_id: 1 })} />, { locale: 'tr' });
    // The server sends the frame only: the plans (and any locked content) come with the reader's session.
    expect(html).toContain('data-testid="plan-list-loading"');
    expect(html).not.toContain('data-testid="plan-card"');
    expect(html).toContain('href="/forecast/launchDialog?match=101&amp;sport=football"');
    expect(html).toContain('href="/forecast"');
    expect(text(html)).toContain('Tahminler');
  });

  it('offers no publishing once the match has started', () => {
    const html = render(<PredictionsPanel match={footballMatch({ status_id: 2 })} />);
    expect(html).not.toContain('data-testid="predictions-publish"');
    expect(html).toContain('href="/en/forecast"');
  });

  it('says matches older than three months have no detail, in every language', () => {
    expect(text(render(<ExpiredNotice />))).toContain('Matches older than three months do not support detail viewing');
    expect(text(render(<ExpiredNotice />, { locale: 'tr' }))).toContain('Üç aydan eski maçlar için ayrıntı görüntülenemez');
    expect(text(render(<ExpiredNotice />, { locale: 'zh' }))).toContain('三个月前的比赛不支持查看详情');
  });
});


describe('timeline without names', () => {
  it('says who went off when the feed does not say who came on, and names the kind when there is no player', () => {
    const visible = text(render(<Timeline events={[event({ type: 8, minute: 60, player: 'Fred' }), event({ type: 0, minute: 70 })]} homeName="Galatasaray" awayName="Fenerbahçe" started />));
    expect(visible).toContain("60' Galatasaray: Off: Fred Substitution");
    expect(visible).toContain("70' Galatasaray: Goal");
    expect(visible).not.toContain('On:');
  });
});
