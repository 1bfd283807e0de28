import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactAnsweredNotification } from './contact-notifications';
import { planPublishedNotification, planSettledNotification, planSoldNotification } from './forecast-notifications';
import { betSettledNotification } from './guessing-notifications';
import {
  asNotificationOf,
  defineNotificationKind,
  MarkReadBodySchema,
  NotificationListQuerySchema,
  NotificationSchema,
  notificationSwitchesOf,
  UpdateNotificationSwitchesSchema,
} from './notifications';

const KINDS = [betSettledNotification, planSettledNotification, contactAnsweredNotification, planSoldNotification, planPublishedNotification];

describe('notification kinds', () => {
  it('puts every kind in one of the two groups of section 1, sales and followed tipsters with the interactions', () => {
    expect(KINDS.filter((kind) => kind.group === 'interaction').map((kind) => kind.kind)).toEqual(['plan_sold', 'plan_published']);
    expect(KINDS.filter((kind) => kind.group === 'system').map((kind) => kind.kind)).toEqual(['bet_settled', 'plan_settled', 'contact_answered']);
  });

  it('refuses a kind name a switch or a stored row could not carry', () => {
    const data = z.object({});
    expect(() => defineNotificationKind({ kind: 'Hello World', group: 'system', data })).toThrow();
    expect(() => defineNotificationKind({ kind: `x${'y'.repeat(40)}`, group: 'system', data })).toThrow();
    expect(defineNotificationKind({ kind: 'hello.said', group: 'interaction', data }).kind).toBe('hello.said');
  });

  it('refuses data that does not fit its kind', () => {
    const bet = { match_id: 1, home: 'Galatasaray', away: 'Fenerbahçe', home_score: 2, away_score: 1, outcome: 'won', points: 190 };
    expect(betSettledNotification.data.safeParse(bet).success).toBe(true);
    expect(betSettledNotification.data.safeParse({ ...bet, outcome: 'maybe' }).success).toBe(false);
    expect(planSettledNotification.data.safeParse(bet).success).toBe(false);
    expect(contactAnsweredNotification.data.safeParse({ topic: 'account', excerpt: 'x'.repeat(301) }).success).toBe(false);
  });

  it('reads an inbox item as its kind only when kind and data fit, and lists any well-formed item', () => {
    const item = {
      id: 3,
      kind: 'plan_sold',
      group: 'interaction',
      actor: { id: 9, nickname: 'ayse' },
      object: { type: 'plan', id: 12 },
      data: { match_id: 1, home: 'A', away: 'B', points: 70 },
      created_at: '2026-01-01T00:00:00.000Z',
      read: false,
    } as const;
    const parsed = NotificationSchema.parse(item);
    expect(asNotificationOf(planSoldNotification, parsed)?.data.points).toBe(70);
    expect(asNotificationOf(planPublishedNotification, parsed)).toBeNull();
    expect(asNotificationOf(planSoldNotification, { ...parsed, data: { points: 'many' } })).toBeNull();
    // A kind the site no longer sends still lists; the browser words it plainly.
    expect(NotificationSchema.safeParse({ ...item, kind: 'retired_kind', data: { anything: 1 } }).success).toBe(true);
    expect(NotificationSchema.safeParse({ ...item, kind: 'Bad Kind' }).success).toBe(false);
    expect(NotificationSchema.safeParse({ ...item, group: 'elsewhere' }).success).toBe(false);
  });
});

describe('notification switches', () => {
  const kinds = KINDS.map((kind) => kind.kind);
  it('are all on by default, and only a stored false turns a kind off', () => {
    const all = Object.fromEntries(kinds.map((kind) => [kind, true]));
    expect(notificationSwitchesOf(kinds, null)).toEqual(all);
    expect(notificationSwitchesOf(kinds, 'garbage')).toEqual(all);
    const switches = notificationSwitchesOf(kinds, { plan_published: false, bet_settled: 0, unknown_kind: false });
    expect(switches.plan_published).toBe(false);
    expect(switches.bet_settled).toBe(true);
    expect(Object.keys(switches)).toEqual(kinds);
  });

  it('refuses an empty change and values that are not switches (the server refuses kinds it does not send)', () => {
    expect(UpdateNotificationSwitchesSchema.safeParse({}).success).toBe(false);
    expect(UpdateNotificationSwitchesSchema.safeParse({ 'Not A Kind': false }).success).toBe(false);
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
