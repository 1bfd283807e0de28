import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserMessageInput } from '../../../core/contracts/live';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/contact-messages';
import { bets } from '../../db/schema/guessing';
import { notifications } from '../../db/schema/notifications';
import { createManualClock } from '../../jobs/clock';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { createRateLimiter } from '../../lib/limits/rate-limiter';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { answerContactMessage } from '../contact/contact.service';
import { followTipster } from '../forecast/follows';
import { DEFAULT_FORECAST_CONFIG } from '../forecast/forecast-config';
import { createForecastMatch, createFan, FORECAST_NOW, prepareForecastWorld, publishTestPlan } from '../forecast/forecast-test-support';
import { registerForecastSettlement, settlePlansForMatch } from '../forecast/settle-plans';
import { createBuyer, createMatch, createTipster, finishFootball, insertPlan, unlockForTest } from '../forecast/settlement-test-support';
import { unlockPlan } from '../forecast/unlock-plan';
import { insertBetsForTest } from '../guessing/guessing-test-support';
import { registerGuessingSettlement, settleBetsForMatch } from '../guessing/settle-bets';
import { createMailer } from '../mail/mailer';
import type { NoticePublisher } from './notify';

const T0 = Date.UTC(2025, 9, 18, 20, 0, 0);

/** Records every message the live publisher is asked to send (an in-memory channel, not a broker mock). */
function recorder() {
  const sent: { userId: number; message: UserMessageInput }[] = [];
  const publisher: NoticePublisher = {
    publishToUser(userId, message) {
      sent.push({ userId, message });
    },
  };
  return { publisher, sent };
}

/**
 * The producers write the right notification, once: the settlements (through the real job
 * runner and the outbox), an unlock, a published plan for each follower, a staff answer.
 */
describe.each(TEST_DATABASE_KINDS)('notification producers on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = (): Db => database.current.db;
  let prepared = false;
  let nextMatchId = 7_900_000;

  async function newMatch(): Promise<number> {
    if (!prepared) {
      await prepareForecastWorld(db());
      prepared = true;
    }
    nextMatchId += 1;
    await createMatch(db(), { matchId: nextMatchId });
    return nextMatchId;
  }

  async function inbox(userId: number) {
    return db()
      .select({ kind: notifications.kind, group: notifications.group, actorId: notifications.actorId, objectType: notifications.objectType, objectId: notifications.objectId, data: notifications.data })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.id));
  }

  /** One pass of the real job runner: every undelivered outbox event reaches `register`'s subscriber. */
  async function deliver(register: (jobs: JobRunner) => void) {
    const errors: unknown[] = [];
    const jobs = createJobRunner({
      db: db(),
      leadership: { acquired: Promise.resolve(), release: async () => {} },
      clock: createManualClock(T0),
      onError: (_name, error) => errors.push(error),
    });
    register(jobs);
    await jobs.start();
    await jobs.idle();
    await jobs.stop();
    expect(errors).toEqual([]);
  }

  it('a settled plan tells its tipster and each buyer once, and their bells after commit', async () => {
    const matchId = await newMatch();
    const tipster = await createTipster(db());
    const [first, second] = [await createBuyer(db()), await createBuyer(db())];
    const planId = await insertPlan(db(), { tipsterId: tipster.id, matchId, market: '1x2', pick: 'home', price: 100 });
    await unlockForTest(db(), { planId, buyerId: first.id });
    await unlockForTest(db(), { planId, buyerId: second.id });
    await finishFootball(db(), { matchId, score: [2, 1], ht: [1, 0] });

    const { publisher, sent } = recorder();
    const register = (jobs: JobRunner) => registerForecastSettlement(jobs, { db: db(), notices: { db: db(), publisher } });
    await deliver(register);
    // A second delivery pass and a staff-like re-run of the same match write nothing new.
    await deliver(register);
    await db().transaction((tx) => settlePlansForMatch(tx, { matchId, cause: 'test:again', now: new Date(T0) }));

    const data = { match_id: matchId, home: 'Galatasaray', away: 'Fenerbahçe', home_score: 2, away_score: 1, outcome: 'won', points: 0 };
    expect(await inbox(tipster.id)).toEqual([{ kind: 'plan_settled', group: 'system', actorId: null, objectType: 'plan', objectId: planId, data: { ...data, role: 'tipster' } }]);
    for (const buyer of [first, second]) {
      expect(await inbox(buyer.id)).toEqual([{ kind: 'plan_settled', group: 'system', actorId: null, objectType: 'plan', objectId: planId, data: { ...data, role: 'buyer' } }]);
    }
    expect(sent.map((notice) => notice.userId).sort()).toEqual([tipster.id, first.id, second.id].sort());
    expect(sent.every((notice) => notice.message.type === 'notification')).toBe(true);
    expect(sent[0]!.message).toEqual({ type: 'notification', data: { unread: { total: 1, interaction: 0, system: 1 } } });
  });

  it('a settled bet tells its bettor once; a rolled-back settlement tells nobody', async () => {
    const matchId = await newMatch();
    const bettor = await createBuyer(db(), 1000);
    const [betId] = await insertBetsForTest(db(), [{ userId: bettor.id, stake: 100, legs: [{ matchId, market: '1x2', pick: 'home', oddsMilli: 2000 }] }]);
    await finishFootball(db(), { matchId, score: [3, 0], ht: [1, 0] });

    await expect(
      db().transaction(async (tx) => {
        expect(await settleBetsForMatch(tx, { matchId, cause: 'test:rolled-back', now: new Date(T0) })).toHaveLength(1);
        throw new Error('the settlement failed after writing');
      }),
    ).rejects.toThrow('the settlement failed');
    expect(await inbox(bettor.id)).toEqual([]);

    const { publisher, sent } = recorder();
    const register = (jobs: JobRunner) => registerGuessingSettlement(jobs, { db: db(), postponedVoidHours: 48, notices: { db: db(), publisher } });
    await deliver(register);
    await deliver(register);
    await db().transaction((tx) => settleBetsForMatch(tx, { matchId, cause: 'test:again', now: new Date(T0) }));

    const [bet] = await db().select({ status: bets.status, payout: bets.payout }).from(bets).where(eq(bets.id, betId!));
    expect(bet).toEqual({ status: 'settled', payout: 200 });
    expect(await inbox(bettor.id)).toEqual([
      {
        kind: 'bet_settled',
        group: 'system',
        actorId: null,
        objectType: 'bet',
        objectId: betId,
        data: { match_id: matchId, home: 'Galatasaray', away: 'Fenerbahçe', home_score: 3, away_score: 0, outcome: 'won', points: 200 },
      },
    ]);
    expect(sent).toEqual([{ userId: bettor.id, message: { type: 'notification', data: { unread: { total: 1, interaction: 0, system: 1 } } } }]);
  });

  it('a sale tells the tipster who bought, once, and a published plan tells every follower', async () => {
    if (!prepared) {
      await prepareForecastWorld(db());
      prepared = true;
    }
    const matchId = await createForecastMatch(db());
    const tipster = await createFan(db());
    const followers = [await createFan(db()), await createFan(db()), await createFan(db())];
    const stranger = await createFan(db());
    for (const follower of followers) await followTipster(db(), { followerId: follower.id, tipsterId: tipster.id, now: FORECAST_NOW });

    const plan = await publishTestPlan(db(), { tipsterId: tipster.id, matchId, price: 100 });
    for (const follower of followers) {
      expect(await inbox(follower.id)).toEqual([
        {
          kind: 'plan_published',
          group: 'interaction',
          actorId: tipster.id,
          objectType: 'plan',
          objectId: plan.id,
          data: { match_id: matchId, home: 'Galatasaray', away: 'Fenerbahçe', free: false },
        },
      ]);
    }
    expect(await inbox(stranger.id)).toEqual([]);
    // the tipster heard of each new follower (social.followed), and of nothing from their own plan
    expect((await inbox(tipster.id)).map((row) => row.kind)).toEqual(['social.followed', 'social.followed', 'social.followed']);
    const tipsterNews = async () => (await inbox(tipster.id)).filter((row) => row.kind !== 'social.followed');
    expect(await tipsterNews()).toEqual([]);

    const buyer = await createFan(db(), { points: 500 });
    const { publisher, sent } = recorder();
    const unlock = () => unlockPlan({ db: db(), config: DEFAULT_FORECAST_CONFIG, planId: plan.id, buyerId: buyer.id, now: FORECAST_NOW, locale: 'en', publisher });
    await unlock();
    await unlock();
    expect(await tipsterNews()).toEqual([
      {
        kind: 'plan_sold',
        group: 'interaction',
        actorId: buyer.id,
        objectType: 'plan',
        objectId: plan.id,
        data: { match_id: matchId, home: 'Galatasaray', away: 'Fenerbahçe', points: 70 },
      },
    ]);
    expect(sent).toEqual([{ userId: tipster.id, message: { type: 'notification', data: { unread: { total: 4, interaction: 4, system: 0 } } } }]);

    // A refused unlock (too few points) rolls back: no sale, no notification.
    const poor = await createFan(db(), { points: 10 });
    await expect(unlockPlan({ db: db(), config: DEFAULT_FORECAST_CONFIG, planId: plan.id, buyerId: poor.id, now: FORECAST_NOW, locale: 'en', publisher })).rejects.toMatchObject({
      code: 'POINTS_INSUFFICIENT',
    });
    expect(await tipsterNews()).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it('an answered contact message tells a writer with an account, once; a visitor without one only gets the mail', async () => {
    const writer = await createTestUser(db());
    const staff = await createTestUser(db(), { role: 'staff' });
    const [mine, visitors] = await db()
      .insert(contactMessages)
      .values([
        { userId: writer.id, name: 'Ayşe', email: writer.email, topic: 'account', body: 'I cannot change my nickname.', locale: 'tr', ip: '127.0.0.1' },
        { userId: null, name: 'Visitor', email: 'visitor@example.test', topic: 'general', body: 'A question without an account.', locale: 'en', ip: '127.0.0.1' },
      ])
      .returning({ id: contactMessages.id });
    const { publisher, sent } = recorder();
    const deps = { db: db(), mailer: createMailer({ db: db(), from: 'test@tribun.local' }), limiter: createRateLimiter({ db: db() }), publisher };
    const answer = 'You can change it once a month in Settings. '.repeat(10);
    await answerContactMessage(deps, { id: mine!.id, staffId: staff.id, answer, now: new Date(T0) });
    await expect(answerContactMessage(deps, { id: mine!.id, staffId: staff.id, answer, now: new Date(T0) })).rejects.toMatchObject({ code: 'CONTACT_CLOSED' });
    await answerContactMessage(deps, { id: visitors!.id, staffId: staff.id, answer: 'Thank you for writing.', now: new Date(T0) });

    const rows = await inbox(writer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'contact_answered', group: 'system', objectType: 'contact_message', objectId: mine!.id, data: { topic: 'account' } });
    const excerpt = (rows[0]!.data as { excerpt: string }).excerpt;
    expect(excerpt.endsWith('…')).toBe(true);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(280);
    expect(answer.startsWith(excerpt.slice(0, -1))).toBe(true);
    expect(sent.map((notice) => notice.userId)).toEqual([writer.id]);
    expect(await db().select({ id: notifications.id }).from(notifications).where(and(eq(notifications.kind, 'contact_answered'), eq(notifications.objectId, visitors!.id)))).toEqual([]);
  });
});
