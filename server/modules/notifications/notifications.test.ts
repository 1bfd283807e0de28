import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseUserMessage, type UserMessageInput } from '../../../core/contracts/live';
import { NotificationListDataSchema, UnreadCountsSchema, type Notification } from '../../../core/contracts/notifications';
import { userTopic } from '../../../core/live/topics';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { setErrorHandling } from '../../http/error-handler';
import { closeDueAccounts } from '../account/account-closure';
import { createSiteOrigin } from '../../http/site-origin';
import type { LiveBroker } from '../../live/broker';
import { createEmbeddedBroker } from '../../live/embedded';
import { createExternalBroker } from '../../live/external';
import { connectTestClient, type TestClient } from '../../live/live-test-clients';
import { startMosquitto, type StartedMosquitto } from '../../live/mosquitto';
import { createLivePublisher } from '../../live/publisher';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { currentUserPlugin } from '../../http/current-user';
import { sessionLookup } from '../auth/public';
import { notificationsRoutes } from './notifications.routes';
import { betSettledNotification } from '../../../core/contracts/guessing-notifications';
import { planSoldNotification } from '../../../core/contracts/forecast-notifications';
import { MODULES } from '../index';
import { notification, notify, notifyMany, publishNotifications, withNotifications, type NoticePublisher, type NotificationInput } from './notify';

/** The kinds the site's modules list (server/modules/index.ts), as the app gives them to the inbox. */
const NOTIFICATION_KIND_NAMES = MODULES.flatMap((module) => module.notificationKinds ?? []).map((kind) => kind.kind);

const silentLogger = { debug: () => {}, warn: () => {}, error: () => {} };

/** A bet_settled notification of `userId` whose cause is `key`. */
function betNotice(userId: number, key: string, points = 190): NotificationInput {
  return notification(betSettledNotification, {
    userId,
    object: { type: 'bet', id: 1 },
    dedupeKey: key,
    data: { match_id: 1, home: 'Galatasaray', away: 'Fenerbahçe', home_score: 2, away_score: 1, outcome: 'won', points },
  });
}

function planSoldNotice(userId: number, buyerId: number, planId: number): NotificationInput {
  return notification(planSoldNotification, {
    userId,
    actorId: buyerId,
    object: { type: 'plan', id: planId },
    dedupeKey: `plan_sold:${planId}:${buyerId}`,
    data: { match_id: 1, home: 'Galatasaray', away: 'Fenerbahçe', points: 70 },
  });
}

/** A publisher that records what it was asked to send and what the database held at that moment. */
function recordingPublisher(db: Db) {
  const sent: { userId: number; message: UserMessageInput; rowsSeen: number }[] = [];
  const publisher: NoticePublisher = {
    async publishToUser(userId, message) {
      // Read on its own connection: a row not yet committed would not be seen.
      const rows = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId));
      sent.push({ userId, message, rowsSeen: rows.length });
    },
  };
  return { publisher, sent };
}

async function buildTestApp(db: Db, publisher?: NoticePublisher): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  setErrorHandling(app);
  await app.register(currentUserPlugin, { findSessionUser: sessionLookup(db), siteOrigin: createSiteOrigin({ allowLoopback: true }) });
  await app.register(notificationsRoutes, { db, kinds: NOTIFICATION_KIND_NAMES, publisher });
  await app.ready();
  return app;
}

describe.each(TEST_DATABASE_KINDS)('notifications on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  const db = () => database.current.db;

  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown) {
    const response = await app.inject({ method, url, headers: token ? { token } : {}, ...(body === undefined ? {} : { payload: body as object }) });
    return { status: response.statusCode, body: response.json() as { code: number; data: unknown; message?: string }, headers: response.headers };
  }

  async function listAll(token: string, group: 'interaction' | 'system', size: number): Promise<Notification[]> {
    const all: Notification[] = [];
    let cursor: number | null = null;
    for (let page = 0; page < 100; page++) {
      const answer = await call('GET', `/api/notifications?group=${group}&size=${size}${cursor === null ? '' : `&cursor=${cursor}`}`, token);
      expect(answer.status).toBe(200);
      const data = NotificationListDataSchema.parse(answer.body.data);
      all.push(...data.list);
      cursor = data.next_cursor;
      if (cursor === null) break;
    }
    return all;
  }

  async function unread(token: string) {
    const answer = await call('GET', '/api/notifications/unread', token);
    expect(answer.status).toBe(200);
    return UnreadCountsSchema.parse(answer.body.data);
  }

  it('writes a notification in the causing transaction: a rollback leaves none and publishes nothing', async () => {
    const fan = await createTestUser(db());
    const { publisher, sent } = recordingPublisher(db());
    await expect(
      withNotifications({ db: db(), publisher }, async (_tx, notices) => {
        await notices.notify(betNotice(fan.id, 'rollback:1'));
        throw new Error('the settlement failed after the notification');
      }),
    ).rejects.toThrow('the settlement failed');
    expect(await unread(fan.token)).toEqual({ total: 0, interaction: 0, system: 0 });
    expect(sent).toEqual([]);

    await expect(
      db().transaction(async (tx) => {
        await notify(tx, betNotice(fan.id, 'rollback:2'));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await listAll(fan.token, 'system', 20)).toEqual([]);
  });

  it('publishes after commit the unread counts the reader then has', async () => {
    const fan = await createTestUser(db());
    const { publisher, sent } = recordingPublisher(db());
    await withNotifications({ db: db(), publisher }, async (_tx, notices) => {
      await notices.notify(betNotice(fan.id, 'commit:1'));
      await notices.notify(planSoldNotice(fan.id, fan.id, 5));
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.userId).toBe(fan.id);
    expect(sent[0]!.rowsSeen).toBe(2);
    expect(sent[0]!.message).toEqual({ type: 'notification', data: { unread: { total: 2, interaction: 1, system: 1 } } });
  });

  it('writes once per cause, and nothing for a kind switched off or a closed account', async () => {
    const fan = await createTestUser(db());
    expect(await notifyMany(db(), [betNotice(fan.id, 'bet:9:v1'), betNotice(fan.id, 'bet:9:v1')])).toEqual([fan.id]);
    expect(await notify(db(), betNotice(fan.id, 'bet:9:v1'))).toEqual([]);
    expect((await unread(fan.token)).system).toBe(1);

    const put = await call('PUT', '/api/notifications/settings', fan.token, { bet_settled: false });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ bet_settled: false, plan_settled: true, plan_published: true });
    expect(await notify(db(), betNotice(fan.id, 'bet:10:v1'))).toEqual([]);
    expect(await notify(db(), planSoldNotice(fan.id, fan.id, 10))).toEqual([fan.id]);
    expect((await call('GET', '/api/notifications/settings', fan.token)).body.data).toMatchObject({ bet_settled: false, plan_sold: true });
    await call('PUT', '/api/notifications/settings', fan.token, { bet_settled: true });
    expect(await notify(db(), betNotice(fan.id, 'bet:11:v1'))).toEqual([fan.id]);

    const closed = await createTestUser(db());
    await db().update(users).set({ status: 'closed' }).where(eq(users.id, closed.id));
    expect(await notify(db(), betNotice(closed.id, 'bet:12:v1'))).toEqual([]);
  });

  it('erases a closed account’s notifications and switches, and hides it as the actor of others’', async () => {
    const leaving = await createTestUser(db());
    const staying = await createTestUser(db());
    await notify(db(), betNotice(leaving.id, 'closing:1'));
    await call('PUT', '/api/notifications/settings', leaving.token, { plan_sold: false });
    await notify(db(), planSoldNotice(staying.id, leaving.id, 900));
    await db().update(users).set({ status: 'pending_cancellation', cancellationRequestedAt: new Date(Date.now() - 16 * 86_400_000) }).where(eq(users.id, leaving.id));
    expect(await closeDueAccounts({ db: db() })).toContain(leaving.id);
    expect(await db().select().from(notifications).where(eq(notifications.userId, leaving.id))).toEqual([]);
    const [kept] = await listAll(staying.token, 'interaction', 20);
    expect(kept).toMatchObject({ kind: 'plan_sold', actor: null });
  });

  it('refuses data that does not fit the kind, writing nothing', async () => {
    const fan = await createTestUser(db());
    const bad = { ...betNotice(fan.id, 'bad:1'), data: { match_id: 1, home: 'A', away: 'B', home_score: -1, away_score: 0, outcome: 'won', points: 1 } } as NotificationInput;
    await expect(notify(db(), bad)).rejects.toThrow();
    expect((await unread(fan.token)).total).toBe(0);
  });

  it('pages a group newest first by cursor, complete and without duplicates while new ones arrive', async () => {
    const fan = await createTestUser(db());
    const other = await createTestUser(db(), { nickname: `seller_${kind}_${Date.now().toString(36)}` });
    await notifyMany(db(), Array.from({ length: 23 }, (_, i) => betNotice(fan.id, `page:${i}`, i)));
    await notifyMany(db(), Array.from({ length: 4 }, (_, i) => planSoldNotice(fan.id, other.id, 100 + i)));

    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const answer = await call('GET', `/api/notifications?group=system&size=5${cursor === null ? '' : `&cursor=${cursor}`}`, fan.token);
      const data = NotificationListDataSchema.parse(answer.body.data);
      seen.push(...data.list.map((item) => item.id));
      expect(data.list.every((item) => item.group === 'system')).toBe(true);
      // Arriving between pages: newer than every page, so they never shift the pages being read.
      await notify(db(), betNotice(fan.id, `page:new:${pages}`));
      cursor = data.next_cursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);

    const interaction = await listAll(fan.token, 'interaction', 3);
    expect(interaction).toHaveLength(4);
    expect(interaction[0]).toMatchObject({ kind: 'plan_sold', actor: { id: other.id, nickname: other.nickname }, object: { type: 'plan', id: 103 }, read: false });
  });

  it('marks read by id, all of a group, and deletes; only the owner can, anyone else meets 404', async () => {
    const owner = await createTestUser(db());
    const stranger = await createTestUser(db());
    await notifyMany(db(), [betNotice(owner.id, 'own:1'), betNotice(owner.id, 'own:2'), planSoldNotice(owner.id, stranger.id, 1), planSoldNotice(owner.id, stranger.id, 2)]);
    await notify(db(), betNotice(stranger.id, 'stranger:1'));
    const [first, second] = await listAll(owner.token, 'system', 20);
    const [strangers] = await listAll(stranger.token, 'system', 20);
    expect(await unread(owner.token)).toEqual({ total: 4, interaction: 2, system: 2 });

    // Someone else's notification answers like one that does not exist, and nothing changes.
    for (const [method, url, body] of [
      ['POST', '/api/notifications/read', { ids: [first!.id] }],
      ['POST', '/api/notifications/read', { ids: [strangers!.id, 2_000_000_000] }],
      ['DELETE', `/api/notifications/${first!.id}`, undefined],
    ] as const) {
      const answer = await call(method, url, stranger.token, body);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body).toMatchObject({ code: 404, data: { error: 'NOT_FOUND' }, message: 'Bildirim bulunamadı' });
    }
    const missing = await call('DELETE', '/api/notifications/2000000000', stranger.token);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual((await call('DELETE', `/api/notifications/${first!.id}`, stranger.token)).body);
    // One foreign id among the reader's own: nothing is marked.
    expect((await call('POST', '/api/notifications/read', owner.token, { ids: [first!.id, strangers!.id] })).status).toBe(404);
    expect(await unread(owner.token)).toEqual({ total: 4, interaction: 2, system: 2 });
    expect((await listAll(stranger.token, 'system', 20))[0]!.read).toBe(false);

    const marked = await call('POST', '/api/notifications/read', owner.token, { ids: [first!.id, first!.id] });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ total: 3, interaction: 2, system: 1 });
    expect((await call('POST', '/api/notifications/read', owner.token, { ids: [first!.id] })).body.data).toEqual({ total: 3, interaction: 2, system: 1 });
    expect((await listAll(owner.token, 'system', 20)).map((item) => item.read)).toEqual([true, false]);

    const all = await call('POST', '/api/notifications/read-all', owner.token, { group: 'interaction' });
    expect(all.body.data).toEqual({ total: 1, interaction: 0, system: 1 });

    const deleted = await call('DELETE', `/api/notifications/${second!.id}`, owner.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ total: 0, interaction: 0, system: 0 });
    expect((await listAll(owner.token, 'system', 20)).map((item) => item.id)).toEqual([first!.id]);
    expect((await call('DELETE', `/api/notifications/${second!.id}`, owner.token)).status).toBe(404);
    expect(await unread(stranger.token)).toEqual({ total: 1, interaction: 0, system: 1 });
  });

  it('answers 401 signed out and 400 for a bad request, never private data', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/notifications?group=system', undefined],
      ['GET', '/api/notifications/unread', undefined],
      ['POST', '/api/notifications/read', { ids: [1] }],
      ['POST', '/api/notifications/read-all', { group: 'system' }],
      ['DELETE', '/api/notifications/1', undefined],
      ['GET', '/api/notifications/settings', undefined],
      ['PUT', '/api/notifications/settings', { bet_settled: false }],
    ] as const) {
      const answer = await call(method, url, undefined, body);
      expect(answer.status, `${method} ${url}`).toBe(401);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    const fan = await createTestUser(db());
    for (const [method, url, body] of [
      ['GET', '/api/notifications?group=everything', undefined],
      ['GET', '/api/notifications?group=system&cursor=-1', undefined],
      ['GET', '/api/notifications?group=system&size=1000', undefined],
      ['POST', '/api/notifications/read', { ids: ['1; drop table notifications'] }],
      ['POST', '/api/notifications/read', { ids: [] }],
      ['POST', '/api/notifications/read-all', { group: 'system\u0000' }],
      ['DELETE', '/api/notifications/abc', undefined],
      ['PUT', '/api/notifications/settings', {}],
      ['PUT', '/api/notifications/settings', { goal_alert: false }],
    ] as const) {
      const answer = await call(method, url, fan.token, body);
      expect(answer.status, `${method} ${url}`).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, data: { error: 'VALIDATION' } });
    }
  });

  it('limits the inbox writes per account (429 with Retry-After), reads stay open, and a refused write changes nothing', async () => {
    const limitedApp = Fastify({ logger: false });
    limitedApp.setValidatorCompiler(validatorCompiler);
    limitedApp.setSerializerCompiler(serializerCompiler);
    setErrorHandling(limitedApp);
    await limitedApp.register(currentUserPlugin, { findSessionUser: sessionLookup(db()), siteOrigin: createSiteOrigin({ allowLoopback: true }) });
    await limitedApp.register(notificationsRoutes, {
      db: db(),
      kinds: NOTIFICATION_KIND_NAMES,
      writeLimits: { standard: { perAccount: [{ limit: 3, window: 3600 }] } },
    });
    await limitedApp.ready();
    try {
      const fan = await createTestUser(db());
      await notifyMany(db(), Array.from({ length: 5 }, (_, i) => betNotice(fan.id, `limited:${i}`)));
      const write = (body: unknown) =>
        limitedApp.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { token: fan.token }, payload: body as object });
      await limitedApp.inject({ method: 'PUT', url: '/api/notifications/settings', headers: { token: fan.token }, payload: { plan_sold: false } });
      const [first] = (await limitedApp.inject({ method: 'GET', url: '/api/notifications?group=system', headers: { token: fan.token } })).json().data.list;
      const [, second] = (await limitedApp.inject({ method: 'GET', url: '/api/notifications?group=system', headers: { token: fan.token } })).json().data.list;
      await limitedApp.inject({ method: 'DELETE', url: `/api/notifications/${first.id}`, headers: { token: fan.token } });
      const third = await limitedApp.inject({ method: 'POST', url: '/api/notifications/read', headers: { token: fan.token }, payload: { ids: [second.id] } });
      expect(third.statusCode).toBe(200);
      const refused = await write({ group: 'system' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const counts = await limitedApp.inject({ method: 'GET', url: '/api/notifications/unread', headers: { token: fan.token } });
      expect(counts.statusCode).toBe(200);
      expect(counts.json().data).toEqual({ total: 3, interaction: 0, system: 3 });
    } finally {
      await limitedApp.close();
    }
  });

  it('keeps the unread count right under 50 concurrent notifications and concurrent marks', async () => {
    const fan = await createTestUser(db());
    await notifyMany(db(), Array.from({ length: 10 }, (_, i) => betNotice(fan.id, `early:${i}`)));
    const early = await listAll(fan.token, 'system', 50);
    const writes = Array.from({ length: 50 }, (_, i) =>
      db().transaction(async (tx) => notify(tx, i % 2 === 0 ? betNotice(fan.id, `burst:${i}`) : planSoldNotice(fan.id, fan.id, 1000 + i))),
    );
    const marks = early.map((item) => call('POST', '/api/notifications/read', fan.token, { ids: [item.id] }));
    const readAll = call('POST', '/api/notifications/read-all', fan.token, { group: 'interaction' });
    const results = await Promise.all([...writes, ...marks, readAll]);
    expect(results.slice(50).every((answer) => (answer as { status: number }).status === 200)).toBe(true);

    const counts = await unread(fan.token);
    const [system, interaction] = [await listAll(fan.token, 'system', 50), await listAll(fan.token, 'interaction', 50)];
    expect(system).toHaveLength(35);
    expect(interaction).toHaveLength(25);
    expect(counts).toEqual({
      system: system.filter((item) => !item.read).length,
      interaction: interaction.filter((item) => !item.read).length,
      total: [...system, ...interaction].filter((item) => !item.read).length,
    });
    expect(counts.system).toBe(25);
  });
});

describe.each(TEST_DATABASE_KINDS)('notification messages on the embedded broker (%s)', (kind) => {
  const database = useTestDatabase(kind);
  let broker: LiveBroker;
  let server: Server;
  let url: string;
  const sessions = new Map<number, { userId: number; expiresAt: Date }>();
  const clients: TestClient[] = [];

  beforeAll(async () => {
    broker = await createEmbeddedBroker({ logger: silentLogger, resolveSession: async (id) => sessions.get(id) ?? null });
    server = createServer((_request, response) => response.end());
    broker.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/mqtt`;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end()));
  });
  afterAll(async () => {
    await broker?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function connectAs(userId: number, sessionId: number): Promise<TestClient> {
    const expiresAt = new Date(Date.now() + 3_600_000);
    sessions.set(sessionId, { userId, expiresAt });
    const credentials = await broker.grantUserAccess({ userId, sessionId, expiresAt });
    const client = await connectTestClient(url, credentials);
    clients.push(client);
    expect(await client.subscribe([userTopic(userId)])).toEqual([0]);
    return client;
  }

  it('reaches the reader’s own topic after commit with the unread counts, and only theirs', async () => {
    const db = database.current.db;
    const publisher = createLivePublisher({ broker });
    const fan = await createTestUser(db);
    const neighbour = await createTestUser(db);
    const fanClient = await connectAs(fan.id, fan.id * 10);
    const neighbourClient = await connectAs(neighbour.id, neighbour.id * 10);

    await expect(
      withNotifications({ db, publisher }, async (_tx, notices) => {
        await notices.notify(betNotice(fan.id, 'broker:rolled-back'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await withNotifications({ db, publisher }, async (_tx, notices) => {
      await notices.notifyMany([betNotice(fan.id, 'broker:1'), planSoldNotice(fan.id, neighbour.id, 77)]);
    });

    const received = await fanClient.waitForMessage((message) => message.topic === userTopic(fan.id), 3000);
    expect(parseUserMessage(received.payload)).toMatchObject({ type: 'notification', data: { unread: { total: 2, interaction: 1, system: 1 } } });
    // The rolled-back notification was never announced: the first message already counts only the committed two.
    expect(fanClient.messages.filter((message) => message.topic === userTopic(fan.id))).toHaveLength(1);

    await publishNotifications({ db, publisher }, [neighbour.id]);
    const neighbours = await neighbourClient.waitForMessage((message) => message.topic === userTopic(neighbour.id), 3000);
    expect(parseUserMessage(neighbours.payload)).toMatchObject({ type: 'notification', data: { unread: { total: 0, interaction: 0, system: 0 } } });
    expect(neighbourClient.messages.some((message) => message.topic === userTopic(fan.id))).toBe(false);
  });
});

describe.each(TEST_DATABASE_KINDS)('notification messages on Mosquitto (%s)', (kind) => {
  const database = useTestDatabase(kind);
  let dir: string;
  let mosquitto: StartedMosquitto;
  let broker: LiveBroker;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tribun-notifications-mosquitto-'));
    mosquitto = await startMosquitto({ dir });
    broker = createExternalBroker({ url: mosquitto.tcpUrl, username: mosquitto.serverUser, password: mosquitto.serverPassword, logger: silentLogger });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end()));
  });
  afterAll(async () => {
    await broker?.close();
    await mosquitto?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reaches the signed-in reader through the external broker after commit, never after a rollback', async () => {
    const db = database.current.db;
    const publisher = createLivePublisher({ broker });
    const fan = await createTestUser(db);
    const credentials = await broker.grantUserAccess({ userId: fan.id, sessionId: fan.id * 10 + 1, expiresAt: new Date(Date.now() + 3_600_000) });
    const client = await connectTestClient(mosquitto.wsUrl, credentials);
    clients.push(client);
    expect(await client.subscribe([userTopic(fan.id)])).toEqual([0]);

    await expect(
      withNotifications({ db, publisher }, async (_tx, notices) => {
        await notices.notify(betNotice(fan.id, 'mosquitto:rolled-back'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await withNotifications({ db, publisher }, async (_tx, notices) => {
      await notices.notify(planSoldNotice(fan.id, fan.id, 501));
    });
    const received = await client.waitForMessage((message) => message.topic === userTopic(fan.id), 5000);
    expect(parseUserMessage(received.payload)).toMatchObject({ type: 'notification', data: { unread: { total: 1, interaction: 1, system: 0 } } });
    expect(client.messages.filter((message) => message.topic === userTopic(fan.id))).toHaveLength(1);
  });
});
