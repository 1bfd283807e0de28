import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SWITCHES,
  MarkReadBodySchema,
  NOTIFICATION_DATA_SCHEMAS,
  NOTIFICATION_GROUP_OF,
  NOTIFICATION_KINDS,
  NotificationListQuerySchema,
  NotificationSchema,
  notificationPath,
  notificationSwitchesOf,
  UpdateNotificationSwitchesSchema,
} from './notifications';

describe('notification kinds', () => {
  it('puts every kind in one of the two groups of section 1, sales and followed tipsters with the interactions', () => {
    expect(Object.keys(NOTIFICATION_GROUP_OF).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    expect(NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_GROUP_OF[kind] === 'interaction')).toEqual(['plan_sold', 'plan_published']);
    expect(NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_GROUP_OF[kind] === 'system')).toEqual(['bet_settled', 'plan_settled', 'contact_answered']);
  });

  it('refuses data that does not fit its kind', () => {
    const bet = { match_id: 1, home: 'Galatasaray', away: 'Fenerbahçe', home_score: 2, away_score: 1, outcome: 'won', points: 190 };
    expect(NOTIFICATION_DATA_SCHEMAS.bet_settled.safeParse(bet).success).toBe(true);
    expect(NOTIFICATION_DATA_SCHEMAS.bet_settled.safeParse({ ...bet, outcome: 'maybe' }).success).toBe(false);
    expect(NOTIFICATION_DATA_SCHEMAS.plan_settled.safeParse(bet).success).toBe(false);
    expect(NOTIFICATION_DATA_SCHEMAS.contact_answered.safeParse({ topic: 'account', excerpt: 'x'.repeat(301) }).success).toBe(false);
  });

  it('answers an item only with the group of its kind', () => {
    const item = {
      id: 3,
      kind: 'plan_sold',
      group: 'interaction',
      actor: { id: 9, nickname: 'ayse' },
      object: { type: 'plan', id: 12 },
      data: { match_id: 1, home: 'A', away: 'B', points: 70 },
      created_at: '2026-01-01T00:00:00.000Z',
      read: false,
    };
    expect(NotificationSchema.safeParse(item).success).toBe(true);
    expect(NotificationSchema.safeParse({ ...item, group: 'system' }).success).toBe(false);
  });
});

describe('notification switches', () => {
  it('are all on by default, and only a stored false turns a kind off', () => {
    expect(Object.values(DEFAULT_NOTIFICATION_SWITCHES).every(Boolean)).toBe(true);
    expect(notificationSwitchesOf(null)).toEqual(DEFAULT_NOTIFICATION_SWITCHES);
    expect(notificationSwitchesOf('garbage')).toEqual(DEFAULT_NOTIFICATION_SWITCHES);
    const switches = notificationSwitchesOf({ plan_published: false, bet_settled: 0, unknown_kind: false });
    expect(switches.plan_published).toBe(false);
    expect(switches.bet_settled).toBe(true);
    expect(Object.keys(switches)).toEqual([...NOTIFICATION_KINDS]);
  });

  it('refuses an empty change and kinds that do not exist', () => {
    expect(UpdateNotificationSwitchesSchema.safeParse({}).success).toBe(false);
    expect(UpdateNotificationSwitchesSchema.safeParse({ goal: false }).success).toBe(false);
    expect(UpdateNotificationSwitchesSchema.safeParse({ plan_published: 'no' }).success).toBe(false);
    expect(UpdateNotificationSwitchesSchema.parse({ plan_published: false })).toEqual({ plan_published: false });
  });
});

describe('inbox requests', () => {
  it('reads the group, cursor and page size from the query, within bounds', () => {
    expect(NotificationListQuerySchema.parse({ group: 'system' })).toEqual({ group: 'system', size: 20 });
    expect(NotificationListQuerySchema.parse({ group: 'interaction', cursor: '41', size: '5' })).toEqual({ group: 'interaction', cursor: 41, size: 5 });
    expect(NotificationListQuerySchema.safeParse({ group: 'all' }).success).toBe(false);
    expect(NotificationListQuerySchema.safeParse({ group: 'system', size: '51' }).success).toBe(false);
    expect(NotificationListQuerySchema.safeParse({ group: 'system', cursor: '0' }).success).toBe(false);
  });

  it('marks 1 to 50 ids at once', () => {
    expect(MarkReadBodySchema.safeParse({ ids: [] }).success).toBe(false);
    expect(MarkReadBodySchema.safeParse({ ids: Array.from({ length: 51 }, (_, i) => i + 1) }).success).toBe(false);
    expect(MarkReadBodySchema.safeParse({ ids: [1.5] }).success).toBe(false);
  });
});

describe('notificationPath', () => {
  it('leads to the plan, the reader’s bets or the contact page', () => {
    expect(notificationPath({ object: { type: 'plan', id: 12 } })).toBe('/forecast/plan/12');
    expect(notificationPath({ object: { type: 'bet', id: 3 } })).toBe('/guessing/myBet');
    expect(notificationPath({ object: { type: 'contact_message', id: 5 } })).toBe('/contact');
    expect(notificationPath({ object: null })).toBeNull();
  });
});
