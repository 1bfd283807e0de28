import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { betSettledNotification } from '../../../core/contracts/guessing-notifications';
import { NOTIFICATION_READ_RECORD_DAYS, NOTIFICATION_RECORD_DAYS } from '../../../core/contracts/notifications';
import { notifications } from '../../db/schema/notifications';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { notification, notifyMany } from './notify';
import { deleteOldNotifications } from './retention';

const DAY = 86_400_000;
const NOW = new Date('2026-11-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

describe.each(TEST_DATABASE_KINDS)('notification retention on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('deletes read notifications after their days and any after a year, keeps the rest, and a second run deletes nothing', async () => {
    const db = database.current.db;
    const fan = await createTestUser(db);
    const data = { match_id: 1, home: 'Galatasaray', away: 'Fenerbahçe', home_score: 2, away_score: 1, outcome: 'won' as const, points: 190 };
    const cases = {
      readLongAgo: { created: daysAgo(NOTIFICATION_READ_RECORD_DAYS + 30), read: daysAgo(NOTIFICATION_READ_RECORD_DAYS + 1) },
      readRecently: { created: daysAgo(NOTIFICATION_READ_RECORD_DAYS + 30), read: daysAgo(NOTIFICATION_READ_RECORD_DAYS - 1) },
      unreadOld: { created: daysAgo(NOTIFICATION_RECORD_DAYS - 1), read: null },
      unreadTooOld: { created: daysAgo(NOTIFICATION_RECORD_DAYS + 1), read: null },
    };
    await notifyMany(db, Object.keys(cases).map((key) => notification(betSettledNotification, { userId: fan.id, dedupeKey: key, data })));
    for (const [key, when] of Object.entries(cases)) {
      await db.update(notifications).set({ createdAt: when.created, readAt: when.read }).where(eq(notifications.dedupeKey, key));
    }
    expect(await deleteOldNotifications({ db, now: NOW })).toBe(2);
    const left = await db.select({ key: notifications.dedupeKey }).from(notifications).where(eq(notifications.userId, fan.id));
    expect(left.map((row) => row.key).sort()).toEqual(['readRecently', 'unreadOld']);
    expect(await deleteOldNotifications({ db, now: NOW })).toBe(0);
  });
});
