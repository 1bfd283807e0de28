import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../../../core/contracts/matches';
import { applyFootballMessage, createFootballLists } from '../../../../core/match/lists';
import { footballDay, footballMatch } from '../../../test-support/match-fixtures';
import { render, text } from '../../../test-support/render';
import { buildRows } from '../rows';
import { FootballRow } from './football-row';

/** The scorer of the latest goal and red cards on a football row, kept current by live messages (decision 097). */

const NOW_MS = Date.now();

function goalMessage(
  a0: number,
  b0: number,
  event: {
    minute: number;
    added_minute?: number | null;
    side: 'home' | 'away';
    player: string | null;
    type?: number;
    detail?: string | null;
  },
): LiveMessage {
  return {
    type: 'score',
    data: {
      match_id: 101,
      status: 4,
      a0,
      b0,
      events: [
        {
          type: event.type ?? 0,
          minute: event.minute,
          added_minute: event.added_minute ?? null,
          side: event.side,
          player: event.player,
          related_player: null,
          detail: event.detail ?? null,
        },
      ],
    },
    publish_time: Math.floor(NOW_MS / 1000),
  };
}

function rowOf(lists: ReturnType<typeof createFootballLists>) {
  const { rows } = buildRows([{ id: 'live', groups: lists.live }]);
  const row = rows.find((candidate) => candidate.kind === 'match');
  if (row?.kind !== 'match') throw new Error('no match row');
  return row.match;
}

describe('the latest goal on a live football row', () => {
  it('appears under the team that scored when a goal with a scorer arrives, and follows the next goals', () => {
    let lists = createFootballLists(
      footballDay({
        liveGlobal: [{ competition_id: 1, matches: [footballMatch({ status_id: 4 })] }],
      }),
    );
    expect(render(<FootballRow match={rowOf(lists)} changedAtMs={undefined} />)).not.toContain('data-testid="last-goal"');

    lists = applyFootballMessage(lists, goalMessage(1, 0, { minute: 67, side: 'home', player: 'Mauro Icardi' }), NOW_MS).lists;
    const match = rowOf(lists);
    expect(match.last_goal).toEqual({
      side: 'home',
      minute: 67,
      added_minute: null,
      player: 'Mauro Icardi',
      own_goal: false,
    });
    const html = render(<FootballRow match={match} changedAtMs={undefined} />, {
      locale: 'en',
    });
    expect(text(html)).toContain("⚽ 67' Mauro Icardi");
    expect(text(html)).toContain("Last goal: Mauro Icardi, 67'");
    expect(html).toContain('[grid-area:hg]');

    lists = applyFootballMessage(
      lists,
      goalMessage(1, 1, {
        minute: 90,
        added_minute: 3,
        side: 'away',
        player: 'Edin Džeko',
      }),
      NOW_MS,
    ).lists;
    const tr = text(
      render(<FootballRow match={rowOf(lists)} changedAtMs={undefined} />, {
        locale: 'tr',
      }),
    );
    expect(tr).toContain("⚽ 90+3' Edin Džeko");
    expect(tr).toContain("Son gol: Edin Džeko, 90+3'");
    expect(tr).not.toContain('Mauro Icardi');
  });

  it('shows no scorer for a goal the feed does not name, nor after VAR takes the goal back, nor once the match is over', () => {
    let lists = createFootballLists(
      footballDay({
        liveGlobal: [{ competition_id: 1, matches: [footballMatch({ status_id: 4 })] }],
      }),
    );
    lists = applyFootballMessage(lists, goalMessage(1, 0, { minute: 10, side: 'home', player: null }), NOW_MS).lists;
    expect(rowOf(lists).last_goal?.player).toBeNull();
    expect(render(<FootballRow match={rowOf(lists)} changedAtMs={undefined} />)).not.toContain('data-testid="last-goal"');

    lists = applyFootballMessage(lists, goalMessage(2, 0, { minute: 20, side: 'home', player: 'Mauro Icardi' }), NOW_MS).lists;
    lists = applyFootballMessage(
      lists,
      goalMessage(1, 0, {
        minute: 22,
        side: 'home',
        player: null,
        type: 24,
        detail: 'no goal',
      }),
      NOW_MS,
    ).lists;
    expect(rowOf(lists).last_goal).toBeNull();

    const finished = footballMatch({
      status_id: 8,
      a0: 1,
      last_goal: {
        side: 'home',
        minute: 67,
        added_minute: null,
        player: 'Mauro Icardi',
        own_goal: false,
      },
    });
    expect(render(<FootballRow match={finished} changedAtMs={undefined} />)).not.toContain('Mauro Icardi');
  });

  it('marks an own goal, in the reader’s language', () => {
    const match = footballMatch({
      status_id: 2,
      b0: 1,
      last_goal: {
        side: 'away',
        minute: 12,
        added_minute: null,
        player: 'Davinson Sánchez',
        own_goal: true,
      },
    });
    expect(
      text(
        render(<FootballRow match={match} changedAtMs={undefined} />, {
          locale: 'en',
        }),
      ),
    ).toContain("⚽ 12' Davinson Sánchez (o.g.)");
    expect(
      text(
        render(<FootballRow match={match} changedAtMs={undefined} />, {
          locale: 'zh',
        }),
      ),
    ).toContain("⚽ 12' Davinson Sánchez （乌龙）");
  });

  it('shows red cards with a translated label, updated by a live message', () => {
    let lists = createFootballLists(
      footballDay({
        liveGlobal: [{ competition_id: 1, matches: [footballMatch({ status_id: 4 })] }],
      }),
    );
    expect(
      text(
        render(<FootballRow match={rowOf(lists)} changedAtMs={undefined} />, {
          locale: 'en',
        }),
      ),
    ).not.toContain('red card');
    lists = applyFootballMessage(
      lists,
      {
        type: 'stats',
        data: { match_id: 101, status: 4, a0: 0, b0: 0, red: [0, 1] },
        publish_time: 0,
      },
      NOW_MS,
    ).lists;
    expect(
      text(
        render(<FootballRow match={rowOf(lists)} changedAtMs={undefined} />, {
          locale: 'en',
        }),
      ),
    ).toContain('1 red card');
    lists = applyFootballMessage(
      lists,
      {
        type: 'stats',
        data: { match_id: 101, status: 4, a0: 0, b0: 0, red: [2, 1] },
        publish_time: 0,
      },
      NOW_MS,
    ).lists;
    const tr = text(
      render(<FootballRow match={rowOf(lists)} changedAtMs={undefined} />, {
        locale: 'tr',
      }),
    );
    expect(tr).toContain('2 kırmızı kart');
    expect(tr).toContain('1 kırmızı kart');
  });
});
