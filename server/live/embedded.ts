import { randomBytes, randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocket, WebSocketServer, createWebSocketStream } from 'ws';
import { canSubscribe, isPublicTopic, type PublicTopic } from '../../core/live/topics';
import { DEFAULT_LIVE_PATH, consoleLiveLogger, type LiveBroker, type LiveLogger } from './broker';
import { liveCredentials, verifyLiveCredentials } from './credentials';

export interface EmbeddedBrokerOptions {
  /**
   * The user and end of a live session, or null when the session is unknown, revoked or
   * expired (or its account closed). Without it no client signs in: everyone is anonymous.
   */
  resolveSession?: (sessionId: number) => Promise<{ userId: number; expiresAt: Date } | null>;
  /** the HMAC key of live credentials (credentials.ts); random per broker by default */
  credentialKey?: Buffer;
  logger?: LiveLogger;
}

/** Subprotocols of MQTT over WebSocket (mqtt.js sends `mqtt`; some 3.1 clients `mqttv3.1`). */
const MQTT_SUBPROTOCOLS = ['mqtt', 'mqttv3.1'];
/** Browsers only send CONNECT, SUBSCRIBE and PING: anything larger is abuse. */
const MAX_FRAME_BYTES = 64 * 1024;
/** CONNACK code 3: the client's MQTT library retries on its reconnect period. */
const RETURN_CODE_SERVER_UNAVAILABLE = 3;
/** CONNACK code 4: the browser fetches new credentials (or connects anonymously) and retries. */
const RETURN_CODE_BAD_CREDENTIALS = 4;
/** setTimeout's ceiling; a session ending later is re-checked on reconnect after this. */
const MAX_TIMER_MS = 2_147_483_647;
/** How long a revoked session id is remembered against a sign-in that was already in flight. */
const REVOKED_MEMORY_MS = 60_000;
/** A reader whose unsent bytes have not gone down for this long is closed (aedes' drainTimeout). */
const DRAIN_TIMEOUT_MS = 10_000;
/** A reader with this much unsent is closed at once, whatever the time. */
const MAX_UNSENT_BYTES = 1024 * 1024;

function refusal(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * aedes inside this process, served over WebSocket at `/mqtt` of the server's own HTTP
 * listener (DESIGN.md "Embedded default"). Clients may only subscribe (core canSubscribe);
 * the server publishes through `publish`, which bypasses the client ACL. Anonymous clients
 * read the public topics; a client with a session's live credentials (decision 063) also its
 * user's topic, until the session ends or revokeSessions closes its connections.
 */
export async function createEmbeddedBroker(options: EmbeddedBrokerOptions = {}): Promise<LiveBroker> {
  const logger = options.logger ?? consoleLiveLogger;
  const resolveSession = options.resolveSession;
  const credentialKey = options.credentialKey ?? randomBytes(32);
  const userIds = new WeakMap<Client, string>();
  // The open connections of each signed-in session, so a revocation can close them.
  const clientsOfSession = new Map<number, Set<Client>>();
  const sessionOfClient = new WeakMap<Client, { sessionId: number; timer: NodeJS.Timeout }>();
  const recentlyRevoked = new Map<number, number>();

  function wasRevoked(sessionId: number): boolean {
    const now = Date.now();
    for (const [id, at] of recentlyRevoked) if (now - at > REVOKED_MEMORY_MS) recentlyRevoked.delete(id);
    return recentlyRevoked.has(sessionId);
  }

  function signIn(client: Client, session: { sessionId: number; userId: number; expiresAt: Date }): void {
    userIds.set(client, String(session.userId));
    const clients = clientsOfSession.get(session.sessionId) ?? new Set<Client>();
    clients.add(client);
    clientsOfSession.set(session.sessionId, clients);
    // Rule: no connection outlives its session. The reconnect then finds the session ended.
    const timer = setTimeout(() => client.close(), Math.min(MAX_TIMER_MS, Math.max(0, session.expiresAt.getTime() - Date.now())));
    timer.unref();
    sessionOfClient.set(client, { sessionId: session.sessionId, timer });
  }

  function forget(client: Client): void {
    const session = sessionOfClient.get(client);
    if (!session) return;
    clearTimeout(session.timer);
    sessionOfClient.delete(client);
    const clients = clientsOfSession.get(session.sessionId);
    clients?.delete(client);
    if (clients?.size === 0) clientsOfSession.delete(session.sessionId);
  }

  function closeSessions(sessionIds: readonly number[]): void {
    const now = Date.now();
    for (const sessionId of sessionIds) {
      recentlyRevoked.set(sessionId, now);
      const clients = clientsOfSession.get(sessionId);
      if (!clients) continue;
      for (const client of [...clients]) {
        forget(client);
        client.close();
      }
    }
  }

  /**
   * Rule: a client id is never taken over by another identity (decision 109). MQTT lets a new
   * connection with a held client id close the old one; aedes keys its clients by the id the
   * client chose. Once the identity is proven (authenticate runs before aedes registers the
   * client, and so before any takeover), the id becomes the identity's own: `session-<sessionId>/<client id>`
   * for a signed-in session — its own tabs may still replace their stale connections — and a
   * unique `anonymous-<uuid>/<id>` for an anonymous connection, which holds nothing to take
   * over (clean sessions only, no will). An anonymous page reusing a signed-in browser's id,
   * or another session reusing it, then disconnects nobody.
   */
  function claimClientId(client: Client, sessionId: number | null): void {
    const owner = sessionId === null ? `anonymous-${randomUUID()}` : `session-${sessionId}`;
    client.id = `${owner}/${client.id}`;
  }

  const aedes = await Aedes.createBroker({
    // A browser that stops reading must not hold deliveries to everyone else for long.
    drainTimeout: DRAIN_TIMEOUT_MS,
    connectTimeout: 10_000,
    // Our deepest topic has two levels; a small cap keeps hostile filters cheap to reject.
    maxTopicLevels: 8,
    preConnect(_client, packet, callback) {
      // Browsers hold no broker-side session: a persistent session would keep state for
      // every random client id forever, and a will is a publish, which clients may not do.
      packet.clean = true;
      delete packet.will;
      callback(null, true);
    },
    authenticate(client, username, password, done) {
      const secret = password ? password.toString('utf8') : '';
      if (!username && secret === '') {
        // Anonymous: the public score topics only.
        claimClientId(client, null);
        done(null, true);
        return;
      }
      // Anything else must be live credentials of a session (POST /api/live/token); a wrong
      // pair is refused as Mosquitto's dynamic security refuses it, so the browser knows to
      // fetch new ones instead of silently reading the public topics only.
      const sessionId = username ? verifyLiveCredentials(credentialKey, username, secret) : null;
      if (sessionId === null || resolveSession === undefined || wasRevoked(sessionId)) {
        done(refusal('bad live credentials', RETURN_CODE_BAD_CREDENTIALS), null);
        return;
      }
      resolveSession(sessionId).then(
        (session) => {
          // The session may have been revoked while it was being looked up.
          if (!session || session.expiresAt.getTime() <= Date.now() || wasRevoked(sessionId)) {
            done(refusal('live session ended', RETURN_CODE_BAD_CREDENTIALS), null);
            return;
          }
          signIn(client, { sessionId, userId: session.userId, expiresAt: session.expiresAt });
          claimClientId(client, sessionId);
          done(null, true);
        },
        (error: unknown) => {
          logger.error({ err: error, clientId: client.id }, 'live: session lookup failed');
          done(refusal('session lookup failed', RETURN_CODE_SERVER_UNAVAILABLE), null);
        },
      );
    },
    authorizePublish(_client, packet, callback) {
      // Rule: browser clients never publish (core canPublish). The client is disconnected.
      callback(new Error(`client publish refused on ${JSON.stringify(packet.topic)}`));
    },
    authorizeSubscribe(client, subscription, callback) {
      const userId = userIds.get(client) ?? null;
      if (!canSubscribe({ topic: subscription.topic, userId })) {
        // null → SUBACK return code 128 for this filter; the connection stays open.
        callback(null, null);
        return;
      }
      // Everything is published at QoS 0; granting more would only make aedes store state.
      subscription.qos = 0;
      callback(null, subscription);
    },
    authorizeForward(client, packet) {
      // Second line of defence: even if a subscription slipped through, a private message
      // only ever reaches its own user.
      const userId = userIds.get(client) ?? null;
      return canSubscribe({ topic: packet.topic, userId }) ? packet : null;
    },
  });

  // Public topics are fanned out by fanOutPublic below, not by aedes: the readers of each,
  // exactly the clients aedes granted a subscription to it (decision 087).
  const publicReaders = new Map<PublicTopic, Set<Client>>();
  const socketOf = new WeakMap<object, WebSocket>();
  /** readers with bytes waiting: since when, and how many were waiting then */
  const stalls = new WeakMap<WebSocket, { since: number; unsent: number }>();
  aedes.on('subscribe', (subscriptions, client) => {
    if (client.closed) return;
    for (const { topic, qos } of subscriptions) {
      // 128: refused by authorizeSubscribe
      if ((qos as number) === 128 || !isPublicTopic(topic)) continue;
      let readers = publicReaders.get(topic);
      if (!readers) publicReaders.set(topic, (readers = new Set()));
      readers.add(client);
    }
  });
  aedes.on('unsubscribe', (topics, client) => {
    for (const topic of topics) if (isPublicTopic(topic)) publicReaders.get(topic)?.delete(client);
  });
  function dropReader(client: Client): void {
    for (const readers of publicReaders.values()) readers.delete(client);
  }

  /**
   * One QoS 0 message on a public topic to every reader: the MQTT packet is encoded once and
   * each reader's WebSocket gets the same bytes, instead of aedes building, checking and
   * streaming a packet per reader (which cost about half the broker's CPU at 10,000 fans).
   * Public topics are readable by anyone (core canSubscribe), so there is nothing per reader
   * to check; private topics still go through aedes and its authorizeForward.
   */
  function fanOutPublic(topic: PublicTopic, payload: Buffer): void {
    const readers = publicReaders.get(topic);
    if (!readers || readers.size === 0) return;
    const packet = encodePublish(topic, payload);
    const now = Date.now();
    for (const client of readers) {
      const socket = socketOf.get(client.conn);
      if (!socket || socket.readyState !== WebSocket.OPEN || client.closed) {
        readers.delete(client);
        continue;
      }
      // A reader that stopped reading is closed as aedes closes it (no drain within
      // drainTimeout), so it can neither hold memory here nor slow the others down.
      const unsent = socket.bufferedAmount;
      const stall = stalls.get(socket);
      if (unsent === 0) {
        stalls.delete(socket);
      } else if (unsent > MAX_UNSENT_BYTES || (stall && stall.unsent <= unsent && now - stall.since > DRAIN_TIMEOUT_MS)) {
        readers.delete(client);
        client.close();
        continue;
      } else if (!stall || unsent < stall.unsent) {
        // first seen waiting, or it took some bytes since: the clock starts again
        stalls.set(socket, { since: now, unsent });
      }
      socket.send(packet, { binary: true });
    }
  }

  aedes.on('clientDisconnect', (client) => {
    forget(client);
    dropReader(client);
  });
  aedes.on('clientError', (client, error) => {
    forget(client);
    dropReader(client);
    logger.debug({ clientId: client.id, err: error.message }, 'live: client closed after error');
  });
  aedes.on('connectionError', (client, error) => {
    forget(client);
    dropReader(client);
    logger.debug({ clientId: client.id, err: error.message }, 'live: connection refused');
  });
  // An 'error' on the broker itself is a persistence failure; log it rather than crash.
  const brokerEvents: EventEmitter = aedes;
  brokerEvents.on('error', (error: unknown) => {
    logger.error({ err: error }, 'live: broker error');
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
    handleProtocols: (protocols) => MQTT_SUBPROTOCOLS.find((p) => protocols.has(p)) ?? false,
  });
  wss.on('connection', (socket, request: IncomingMessage) => {
    const stream = createWebSocketStream(socket);
    // aedes writes one MQTT packet as several chunks inside cork()/uncork(); without a
    // vectored write each chunk would leave as its own WebSocket frame (3–4 per score
    // message per fan). Joining them sends one frame per packet.
    stream._writev = (chunks, callback) => {
      const joined = Buffer.concat(chunks.map(({ chunk }) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))));
      stream._write(joined, 'binary', callback);
    };
    socketOf.set(stream, socket);
    aedes.handle(stream, request);
  });
  wss.on('error', (error) => logger.error({ err: error }, 'live: websocket server error'));

  const attached: Array<{ server: Server; listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void }> = [];
  let closing: Promise<void> | null = null;

  return {
    kind: 'embedded',

    publish(topic, payload) {
      if (closing) return Promise.reject(new Error('live broker is closed'));
      if (isPublicTopic(topic)) {
        fanOutPublic(topic, Buffer.from(payload, 'utf8'));
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        aedes.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload, 'utf8'), qos: 0, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        );
      });
    },

    async pruneSessions(liveOf) {
      const connected = [...clientsOfSession.keys()];
      if (connected.length === 0) return 0;
      const live = await liveOf(connected);
      const ended = connected.filter((id) => !live.has(id));
      closeSessions(ended);
      return ended.length;
    },

    grantUserAccess(grant) {
      return Promise.resolve(liveCredentials(credentialKey, grant.sessionId));
    },

    revokeSessions(sessionIds) {
      closeSessions(sessionIds);
      return Promise.resolve();
    },

    attach(server, path = DEFAULT_LIVE_PATH) {
      const listener = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
        if (pathnameOf(req.url) !== path) {
          // Other upgrade paths belong to whoever else listens (e.g. Vite's HMR); if nobody
          // does, answer instead of leaving the socket hanging.
          if (server.listenerCount('upgrade') === 1) {
            socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          }
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      };
      server.on('upgrade', listener);
      attached.push({ server, listener });
    },

    close() {
      closing ??= (async () => {
        for (const { server, listener } of attached) server.off('upgrade', listener);
        for (const socket of wss.clients) socket.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        await new Promise<void>((resolve) => aedes.close(() => resolve()));
      })();
      return closing;
    },
  };
}

/** MQTT 3.1.1 PUBLISH, QoS 0, not retained, not a duplicate: what aedes writes for it. */
function encodePublish(topic: string, payload: Buffer): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  let remaining = 2 + topicBytes.length + payload.length;
  const length: number[] = [];
  do {
    let byte = remaining % 128;
    remaining = Math.floor(remaining / 128);
    if (remaining > 0) byte |= 0x80;
    length.push(byte);
  } while (remaining > 0);
  const header = Buffer.from([0x30, ...length, topicBytes.length >> 8, topicBytes.length & 0xff]);
  return Buffer.concat([header, topicBytes, payload]);
}

function pathnameOf(url: string | undefined): string | null {
  if (!url) return null;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
