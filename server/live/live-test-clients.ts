import mqtt, { ErrorWithSubackPacket, type MqttClient } from 'mqtt';
import WebSocket from 'ws';

/**
 * Real clients for the live-channel tests: mqtt.js configured as the browser's live client
 * (protocol 4, clean session), and a raw WebSocket speaking hand-built MQTT bytes for what
 * mqtt.js refuses to send (invalid filters, garbage).
 */

export interface ReceivedMessage {
  topic: string;
  payload: string;
  receivedAt: number;
}

export interface TestClient {
  client: MqttClient;
  messages: ReceivedMessage[];
  /** resolves with the first message (already received or arriving) matching `predicate` */
  waitForMessage(predicate: (message: ReceivedMessage) => boolean, timeoutMs?: number): Promise<ReceivedMessage>;
  /** resolves when the broker has closed the connection */
  waitForClose(timeoutMs?: number): Promise<void>;
  /** the SUBACK return code of each filter, in order: 0–2 granted QoS, 128 refused */
  subscribe(topics: string[]): Promise<number[]>;
  end(): Promise<void>;
}

export async function connectTestClient(
  url: string,
  credentials?: { username?: string; password?: string; clientId?: string },
): Promise<TestClient> {
  const client = await mqtt.connectAsync(
    url,
    {
      protocolVersion: 4,
      clean: true,
      connectTimeout: 5000,
      // The browser reconnects every second; tests must see a disconnection as it happens.
      reconnectPeriod: 0,
      username: credentials?.username,
      password: credentials?.password,
      // As the browser does (decision 109): an id with credentials names its owner.
      ...(credentials?.clientId !== undefined
        ? { clientId: credentials.clientId }
        : credentials?.username
          ? { clientId: `${credentials.username}/test_${Math.random().toString(16).slice(2, 14)}` }
          : {}),
    },
    // a refused connection rejects instead of waiting for retries that never come
    false,
  );
  const messages: ReceivedMessage[] = [];
  const waiters = new Set<() => void>();
  let closed = false;
  client.on('message', (topic, payload) => {
    messages.push({ topic, payload: payload.toString('utf8'), receivedAt: Date.now() });
    for (const wake of waiters) wake();
  });
  client.on('close', () => {
    closed = true;
    for (const wake of waiters) wake();
  });
  client.on('error', () => {
    // surfaced through 'close'
  });

  function waitUntil<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const attempt = (): void => {
        const value = check();
        if (value === undefined) return;
        clearTimeout(timer);
        waiters.delete(attempt);
        resolve(value);
      };
      const timer = setTimeout(() => {
        waiters.delete(attempt);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      waiters.add(attempt);
      attempt();
    });
  }

  return {
    client,
    messages,
    waitForMessage: (predicate, timeoutMs = 2000) => waitUntil(() => messages.find(predicate), timeoutMs, 'a message'),
    waitForClose: async (timeoutMs = 2000) => {
      await waitUntil(() => (closed ? true : undefined), timeoutMs, 'the connection to close');
    },
    subscribe: async (topics) => {
      try {
        return (await client.subscribeAsync(topics, { qos: 0 })).map((grant) => grant.qos);
      } catch (error) {
        // mqtt.js rejects the whole call when any filter was refused; the SUBACK says which.
        if (error instanceof ErrorWithSubackPacket && error.packet.cmd === 'suback') {
          return error.packet.granted.map((code) => (typeof code === 'number' ? code : Number.NaN));
        }
        throw error;
      }
    },
    end: async () => {
      await client.endAsync(true);
    },
  };
}

/** MQTT variable-length "remaining length". */
function encodeLength(length: number): Buffer {
  const bytes: number[] = [];
  let rest = length;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Buffer.from(bytes);
}

function encodeString(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

function packet(firstByte: number, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([firstByte]), encodeLength(body.length), body]);
}

export function connectPacket(clientId: string): Buffer {
  // protocol name MQTT, level 4, flags: clean session, keepalive 60 s
  const variableHeader = Buffer.concat([encodeString('MQTT'), Buffer.from([4, 0x02, 0, 60])]);
  return packet(0x10, Buffer.concat([variableHeader, encodeString(clientId)]));
}

export function subscribePacket(packetId: number, topic: string): Buffer {
  const id = Buffer.alloc(2);
  id.writeUInt16BE(packetId);
  return packet(0x82, Buffer.concat([id, encodeString(topic), Buffer.from([0])]));
}

export interface RawClient {
  socket: WebSocket;
  /** every binary frame received, in order */
  frames: Buffer[];
  closed: Promise<void>;
  nextFrame(timeoutMs?: number): Promise<Buffer>;
}

/** A WebSocket to the broker offering the `mqtt` subprotocol, as mqtt.js does. */
export async function openRawClient(url: string): Promise<RawClient> {
  const socket = new WebSocket(url, 'mqtt');
  const frames: Buffer[] = [];
  const pending: Array<(frame: Buffer) => void> = [];
  socket.on('message', (data: Buffer) => {
    const waiter = pending.shift();
    if (waiter) waiter(data);
    else frames.push(data);
  });
  socket.on('error', () => {
    // a refused or dropped connection shows up as 'close'
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    closed,
    nextFrame: (timeoutMs = 2000) =>
      new Promise<Buffer>((resolve, reject) => {
        const ready = frames.shift();
        if (ready) return resolve(ready);
        const timer = setTimeout(() => reject(new Error('no frame from broker')), timeoutMs);
        pending.push((frame) => {
          clearTimeout(timer);
          resolve(frame);
        });
      }),
  };
}

/** Resolves with what happened first: the broker closed the socket, or a frame arrived. */
export async function raceCloseOrFrame(client: RawClient, timeoutMs = 2000): Promise<'closed' | Buffer> {
  return Promise.race([client.closed.then(() => 'closed' as const), client.nextFrame(timeoutMs)]);
}
