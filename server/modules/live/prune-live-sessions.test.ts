import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '../../../core/alerts';
import { userTopic } from '../../../core/live/topics';
import { users } from '../../db/schema/users';
import type { LiveBroker } from '../../live/broker';
import { createEmbeddedBroker } from '../../live/embedded';
import { createExternalBroker } from '../../live/external';
import { connectTestClient, type TestClient } from '../../live/live-test-clients';
import { startMosquitto, type StartedMosquitto } from '../../live/mosquitto';
import { useTestDatabase } from '../../test-support/db';
import { createSession, findLiveSession, revokeSession } from '../auth/sessions';
import { pruneLiveSessions } from './prune-live-sessions';

const silentLogger = { debug: () => {}, warn: () => {}, error: () => {} };

/**
 * The safety net of decision 063 on both brokers: a session revoked without the broker being
 * told (it was unreachable at the time) loses its live connection at the next prune.
 */
describe.each(['embedded', 'external'] as const)('pruning ended sessions on the %s broker', (kind) => {
  const database = useTestDatabase('pglite');
  let broker: LiveBroker;
  let liveUrl: string;
  let http: Server | undefined;
  let mosquitto: StartedMosquitto | undefined;
  let dir: string | undefined;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    const { db } = database.current;
    if (kind === 'embedded') {
      broker = await createEmbeddedBroker({ logger: silentLogger, resolveSession: (sessionId) => findLiveSession(db, { sessionId }) });
      http = createServer();
      broker.attach(http);
      await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
      liveUrl = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/mqtt`;
    } else {
      dir = await mkdtemp(path.join(tmpdir(), 'tribun-prune-'));
      mosquitto = await startMosquitto({ dir });
      broker = createExternalBroker({ url: mosquitto.tcpUrl, username: mosquitto.serverUser, password: mosquitto.serverPassword, logger: silentLogger });
      liveUrl = mosquitto.wsUrl;
    }
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end()));
  });

  afterAll(async () => {
    await broker?.close();
    if (http) await new Promise<void>((resolve) => http?.close(() => resolve()));
    await mosquitto?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('closes the connection of a session revoked behind the broker’s back, and only that one', async () => {
    const { db } = database.current;
    const [user] = await db
      .insert(users)
      .values({ email: `prune-${kind}@example.test`, nickname: `prune${kind}`, nicknameKey: `prune${kind}`, inviteCode: kind === 'embedded' ? 'PRUNEEMB' : 'PRUNEEXT', eventMsgStatus: { ...DEFAULT_ALERT_SETTINGS } })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    const revoked = await createSession(db, { userId: user.id });
    const kept = await createSession(db, { userId: user.id });

    const connect = async (session: { sessionId: number; expiresAt: Date }) => {
      const credentials = await broker.grantUserAccess({ userId: user.id, ...session });
      const client = await connectTestClient(liveUrl, credentials);
      clients.push(client);
      expect(await client.subscribe([userTopic(user.id)])).toEqual([0]);
      return client;
    };
    const gone = await connect(revoked);
    const stays = await connect(kept);

    await revokeSession(db, { sessionId: revoked.sessionId });
    expect(await pruneLiveSessions({ db, broker })).toBe(1);
    await gone.waitForClose(3000);

    await broker.publish(userTopic(user.id), 'still signed in');
    expect((await stays.waitForMessage((m) => m.topic === userTopic(user.id))).payload).toBe('still signed in');
    expect(await pruneLiveSessions({ db, broker })).toBe(0);
  });
});
