// Bench-local experiment, not production code: variants of the embedded broker's setup
// (server/live/embedded.ts) to find out whether the broker's per-subscriber work is what limits
// the live fan-out. Selected with `npm run bench -- --only fanout --broker <variant>`.
//
// Every variant accepts connections and subscriptions exactly like embedded.ts (aedes over
// ws, same limits, perMessageDeflate off, TCP_NODELAY as ws sets it, one frame per packet).
// They differ only in how a message on a public topic reaches the subscribers:
//   aedes      aedes.publish for every topic, as embedded.ts did before decision 087
//   aedes-c1000  the same with aedes `concurrency: 1000` (default 100)
//   ws-send    the MQTT PUBLISH packet is encoded once; each subscriber gets ws.send(packet)
//              (what embedded.ts now does for public topics, decision 087)
//   raw-frame  the packet and its WebSocket frame are encoded once; each subscriber's socket
//              gets socket.write(frame) — the floor: one write per subscriber and nothing else
// Public topics carry QoS 0, non-retained messages anyone may read (core canSubscribe), so the
// bytes are the same for every subscriber; users/<id> topics still go through aedes.
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes, type Client } from 'aedes';
import { WebSocket, WebSocketServer, createWebSocketStream } from 'ws';
import { canSubscribe, isPublicTopic } from '../../core/live/topics';
import type { LiveBroker } from '../../server/live/broker';

export const BROKER_VARIANTS = ['aedes', 'aedes-c1000', 'ws-send', 'raw-frame'] as const;
export type BrokerVariant = (typeof BROKER_VARIANTS)[number];

const MQTT_SUBPROTOCOLS = ['mqtt', 'mqttv3.1'];
const MAX_FRAME_BYTES = 64 * 1024;
/** A subscriber with this much unsent is cut off (aedes' drainTimeout plays this role). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Connection {
  ws: WebSocket;
  socket: Socket;
}

export async function createVariantBroker(variant: BrokerVariant): Promise<LiveBroker> {
  const aedes = await Aedes.createBroker({
    ...(variant === 'aedes-c1000' ? { concurrency: 1000 } : {}),
    drainTimeout: 10_000,
    connectTimeout: 10_000,
    maxTopicLevels: 8,
    preConnect(_client, packet, callback) {
      packet.clean = true;
      delete packet.will;
      callback(null, true);
    },
    authorizePublish(_client, packet, callback) {
      callback(new Error(`client publish refused on ${JSON.stringify(packet.topic)}`));
    },
    authorizeSubscribe(_client, subscription, callback) {
      if (!canSubscribe({ topic: subscription.topic, userId: null })) {
        callback(null, null);
        return;
      }
      subscription.qos = 0;
      callback(null, subscription);
    },
  });

  // Which connections are subscribed to each public topic (fast variants only).
  const connections = new WeakMap<object, Connection>();
  const subscribers = new Map<string, Set<Client>>();
  aedes.on('subscribe', (subscriptions, client) => {
    for (const { topic } of subscriptions) {
      if (!isPublicTopic(topic)) continue;
      let set = subscribers.get(topic);
      if (!set) subscribers.set(topic, (set = new Set()));
      set.add(client);
    }
  });
  aedes.on('unsubscribe', (topics, client) => {
    for (const topic of topics) subscribers.get(topic)?.delete(client);
  });
  aedes.on('clientDisconnect', (client) => {
    for (const set of subscribers.values()) set.delete(client);
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
    handleProtocols: (protocols) => MQTT_SUBPROTOCOLS.find((p) => protocols.has(p)) ?? false,
  });
  wss.on('connection', (ws, request: IncomingMessage) => {
    const stream = createWebSocketStream(ws);
    stream._writev = (chunks, callback) => {
      const joined = Buffer.concat(chunks.map(({ chunk }) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))));
      stream._write(joined, 'binary', callback);
    };
    connections.set(stream, { ws, socket: request.socket as Socket });
    aedes.handle(stream, request);
  });

  const attached: Array<{ server: Server; listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void }> = [];

  function fanOut(topic: string, payload: Buffer): void {
    const packet = encodePublish(topic, payload);
    const frame = variant === 'raw-frame' ? encodeBinaryFrame(packet) : packet;
    for (const client of subscribers.get(topic) ?? []) {
      const connection = connections.get(client.conn);
      if (!connection || connection.ws.readyState !== WebSocket.OPEN) continue;
      if (variant === 'raw-frame') {
        if (connection.socket.writableLength > MAX_BUFFERED_BYTES) connection.socket.destroy();
        else connection.socket.write(frame);
      } else if (connection.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        connection.ws.terminate();
      } else {
        connection.ws.send(frame, { binary: true });
      }
    }
  }

  return {
    kind: 'embedded',
    // The fan-out benchmark measures anonymous readers only.
    grantUserAccess: () => Promise.reject(new Error('benchmark broker variants have no signed-in clients')),
    revokeSessions: () => Promise.resolve(),
    pruneSessions: () => Promise.resolve(0),
    publish(topic, payload) {
      const bytes = Buffer.from(payload, 'utf8');
      if ((variant === 'ws-send' || variant === 'raw-frame') && isPublicTopic(topic)) {
        fanOut(topic, bytes);
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        aedes.publish({ cmd: 'publish', topic, payload: bytes, qos: 0, retain: false, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        );
      });
    },
    attach(server, path = '/mqtt') {
      const listener = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
        if ((req.url ?? '').split('?')[0] !== path) {
          socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      };
      server.on('upgrade', listener);
      attached.push({ server, listener });
    },
    async close() {
      for (const { server, listener } of attached) server.off('upgrade', listener);
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}

/** MQTT 3.1.1 PUBLISH, QoS 0, not retained: fixed header, remaining length, topic, payload. */
function encodePublish(topic: string, payload: Buffer): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const remaining = 2 + topicBytes.length + payload.length;
  const length: number[] = [];
  let value = remaining;
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    length.push(byte);
  } while (value > 0);
  const topicLength = Buffer.alloc(2);
  topicLength.writeUInt16BE(topicBytes.length);
  return Buffer.concat([Buffer.from([0x30, ...length]), topicLength, topicBytes, payload]);
}

/** One unmasked, final, binary WebSocket frame (server to client, RFC 6455 §5.2). */
function encodeBinaryFrame(data: Buffer): Buffer {
  let header: Buffer;
  if (data.length < 126) {
    header = Buffer.from([0x82, data.length]);
  } else if (data.length < 65_536) {
    header = Buffer.alloc(4);
    header[0] = 0x82;
    header[1] = 126;
    header.writeUInt16BE(data.length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x82;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(data.length), 2);
  }
  return Buffer.concat([header, data]);
}
