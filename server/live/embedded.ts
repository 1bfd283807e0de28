import type { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { canSubscribe } from '../../core/live/topics';
import { DEFAULT_LIVE_PATH, consoleLiveLogger, type LiveBroker, type LiveLogger } from './broker';

export interface EmbeddedBrokerOptions {
  /**
   * Resolves a session token (the MQTT CONNECT password) to a user, or null when the token
   * is unknown or expired. Without it every client is anonymous.
   */
  authenticate?: (token: string | null) => Promise<{ userId: string } | null>;
  logger?: LiveLogger;
}

/** Subprotocols of MQTT over WebSocket (mqtt.js sends `mqtt`; some 3.1 clients `mqttv3.1`). */
const MQTT_SUBPROTOCOLS = ['mqtt', 'mqttv3.1'];
/** Browsers only send CONNECT, SUBSCRIBE and PING: anything larger is abuse. */
const MAX_FRAME_BYTES = 64 * 1024;
/** CONNACK code 3: the client's MQTT library retries on its reconnect period. */
const RETURN_CODE_SERVER_UNAVAILABLE = 3;

/**
 * aedes inside this process, served over WebSocket at `/mqtt` of the server's own HTTP
 * listener (DESIGN.md "Embedded default"). Clients may only subscribe (core canSubscribe);
 * the server publishes through `publish`, which bypasses the client ACL.
 */
export async function createEmbeddedBroker(options: EmbeddedBrokerOptions = {}): Promise<LiveBroker> {
  const logger = options.logger ?? consoleLiveLogger;
  const authenticateToken = options.authenticate;
  const userIds = new WeakMap<Client, string>();

  const aedes = await Aedes.createBroker({
    // A browser that stops reading must not hold deliveries to everyone else for long.
    drainTimeout: 10_000,
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
    authenticate(client, _username, password, done) {
      const token = password && password.length > 0 ? password.toString('utf8') : null;
      if (token === null || authenticateToken === undefined) {
        done(null, true);
        return;
      }
      authenticateToken(token).then(
        (user) => {
          // An unknown or expired token still gets the public scores: live scores must not
          // stop because a session ran out. The private topic is refused at SUBSCRIBE.
          if (user) userIds.set(client, user.userId);
          done(null, true);
        },
        (error: unknown) => {
          logger.error({ err: error, clientId: client.id }, 'live: session lookup failed');
          const refusal = Object.assign(new Error('session lookup failed'), {
            returnCode: RETURN_CODE_SERVER_UNAVAILABLE,
          }) as AuthenticateError;
          done(refusal, null);
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

  aedes.on('clientError', (client, error) => {
    logger.debug({ clientId: client.id, err: error.message }, 'live: client closed after error');
  });
  aedes.on('connectionError', (client, error) => {
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
    aedes.handle(stream, request);
  });
  wss.on('error', (error) => logger.error({ err: error }, 'live: websocket server error'));

  const attached: Array<{ server: Server; listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void }> = [];
  let closing: Promise<void> | null = null;

  return {
    kind: 'embedded',

    publish(topic, payload) {
      if (closing) return Promise.reject(new Error('live broker is closed'));
      return new Promise<void>((resolve, reject) => {
        aedes.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload, 'utf8'), qos: 0, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        );
      });
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

function pathnameOf(url: string | undefined): string | null {
  if (!url) return null;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
