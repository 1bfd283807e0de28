import type { LiveMqttClient, LiveMqttEvents, MqttConnectOptions } from './live-client';

/**
 * A subscribe-only MQTT 3.1.1 client over WebSocket: exactly what the browser's live channel
 * needs (decision 093), in place of mqtt.js (341 KB of JavaScript). It connects, subscribes,
 * receives PUBLISH at QoS 0 and 1, keeps the connection alive with PINGREQ and reconnects on
 * the options' period. It never publishes. Bytes only (Uint8Array), no Node Buffer, no
 * dependencies; the same in the browser and in Node (with `ws` passed as `WebSocket`).
 *
 * Behaviour kept from mqtt.js, which live-client.ts relies on:
 * - each CONNECT is built from `client.options` as they are then (renewed credentials);
 * - a refused CONNACK emits 'error' with `code` = the return code and stops retrying until
 *   `reconnect()` is called;
 * - events: 'connect' on CONNACK 0; 'close' whenever a connection ends; 'offline' once when
 *   retrying starts; 'reconnect' before each new attempt; 'end' after `end()`;
 * - `end(force, cb)` then `reconnect()` starts again; `resubscribe` is never done (the caller
 *   subscribes on every 'connect').
 */

/** The part of the browser's WebSocket this client uses (`ws` in Node offers the same). */
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: Uint8Array): void;
  close(code?: number): void;
}

export type WebSocketConstructor = new (url: string, protocols: string | string[]) => WebSocketLike;

export interface MqttLiteOptions extends MqttConnectOptions {
  /** the WebSocket implementation; the global one by default (Node 20 has none: pass `ws`) */
  WebSocket?: WebSocketConstructor;
}

export type MqttLiteError = Error & { code?: number };

// ---------------------------------------------------------------------------------------------
// Packets (MQTT 3.1.1, OASIS standard, section 2 and 3)

const CONNECT = 1;
const CONNACK = 2;
const PUBLISH = 3;
const PUBACK = 4;
const SUBSCRIBE = 8;
const SUBACK = 9;
const UNSUBSCRIBE = 10;
const UNSUBACK = 11;
const PINGREQ = 12;
const PINGRESP = 13;
const DISCONNECT = 14;

/** The largest remaining length four bytes can carry. */
export const MAX_REMAINING_LENGTH = 268_435_455;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export type MqttPacket =
  | { cmd: 'connack'; sessionPresent: boolean; returnCode: number }
  | { cmd: 'publish'; topic: string; payload: Uint8Array; qos: 0 | 1 | 2; dup: boolean; retain: boolean; messageId?: number }
  | { cmd: 'puback'; messageId: number }
  | { cmd: 'suback'; messageId: number; granted: number[] }
  | { cmd: 'unsuback'; messageId: number }
  | { cmd: 'pingresp' };

/** The variable-length "remaining length" (1–4 bytes, 7 bits each, high bit = more). */
export function encodeRemainingLength(length: number): Uint8Array {
  if (!Number.isInteger(length) || length < 0 || length > MAX_REMAINING_LENGTH) {
    throw new RangeError(`MQTT remaining length out of range: ${length}`);
  }
  const bytes: number[] = [];
  let rest = length;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Uint8Array.from(bytes);
}

/**
 * Reads a remaining length at `offset`: its value and how many bytes it took, or null when the
 * bytes end before it does. Throws on a fifth length byte (a malformed packet).
 */
export function decodeRemainingLength(bytes: Uint8Array, offset: number): { value: number; size: number } | null {
  let value = 0;
  let multiplier = 1;
  for (let size = 1; size <= 4; size += 1) {
    const byte = bytes[offset + size - 1];
    if (byte === undefined) return null;
    value += (byte & 0x7f) * multiplier;
    if ((byte & 0x80) === 0) return { value, size };
    multiplier *= 128;
  }
  throw new Error('MQTT malformed remaining length');
}

/** A UTF-8 string with its two-byte big-endian length. */
export function encodeString(value: string): Uint8Array {
  const bytes = encoder.encode(value);
  if (bytes.length > 0xffff) throw new RangeError('MQTT string longer than 65535 bytes');
  const out = new Uint8Array(2 + bytes.length);
  out[0] = bytes.length >> 8;
  out[1] = bytes.length & 0xff;
  out.set(bytes, 2);
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function packet(firstByte: number, body: readonly Uint8Array[]): Uint8Array {
  const payload = concat(body);
  return concat([Uint8Array.of(firstByte), encodeRemainingLength(payload.length), payload]);
}

function uint16(value: number): Uint8Array {
  return Uint8Array.of((value >> 8) & 0xff, value & 0xff);
}

export interface ConnectFields {
  clientId: string;
  keepalive: number;
  clean: boolean;
  username?: string | undefined;
  password?: string | undefined;
}

export function encodeConnect(fields: ConnectFields): Uint8Array {
  let flags = fields.clean ? 0x02 : 0;
  if (fields.username !== undefined) flags |= 0x80;
  if (fields.password !== undefined) flags |= 0x40;
  const body = [encodeString('MQTT'), Uint8Array.of(4, flags), uint16(fields.keepalive), encodeString(fields.clientId)];
  if (fields.username !== undefined) body.push(encodeString(fields.username));
  if (fields.password !== undefined) body.push(encodeString(fields.password));
  return packet(CONNECT << 4, body);
}

export function encodeSubscribe(messageId: number, topics: readonly string[], qos: 0 | 1): Uint8Array {
  return packet((SUBSCRIBE << 4) | 0x02, [uint16(messageId), ...topics.flatMap((topic) => [encodeString(topic), Uint8Array.of(qos)])]);
}

export function encodeUnsubscribe(messageId: number, topics: readonly string[]): Uint8Array {
  return packet((UNSUBSCRIBE << 4) | 0x02, [uint16(messageId), ...topics.map(encodeString)]);
}

export function encodePuback(messageId: number): Uint8Array {
  return packet(PUBACK << 4, [uint16(messageId)]);
}

export const PINGREQ_PACKET = Uint8Array.of(PINGREQ << 4, 0);
export const DISCONNECT_PACKET = Uint8Array.of(DISCONNECT << 4, 0);

function readUint16(bytes: Uint8Array, offset: number): number {
  const high = bytes[offset];
  const low = bytes[offset + 1];
  if (high === undefined || low === undefined) throw new Error('MQTT packet too short');
  return (high << 8) | low;
}

/** Decodes one whole packet's bytes (fixed header included) sent by a broker. */
export function decodePacket(bytes: Uint8Array): MqttPacket {
  const first = bytes[0];
  const length = decodeRemainingLength(bytes, 1);
  if (first === undefined || length === null || 1 + length.size + length.value !== bytes.length) {
    throw new Error('MQTT packet length does not match its header');
  }
  const start = 1 + length.size;
  const body = bytes.subarray(start);
  const type = first >> 4;
  const flags = first & 0x0f;
  switch (type) {
    case CONNACK: {
      if (body.length !== 2) throw new Error('MQTT malformed CONNACK');
      return { cmd: 'connack', sessionPresent: ((body[0] ?? 0) & 0x01) === 1, returnCode: body[1] ?? 0 };
    }
    case PUBLISH: {
      const qos = (flags >> 1) & 0x03;
      if (qos === 3) throw new Error('MQTT malformed PUBLISH (QoS 3)');
      const topicLength = readUint16(body, 0);
      let offset = 2 + topicLength;
      if (offset > body.length) throw new Error('MQTT PUBLISH topic runs past the packet');
      const topic = decoder.decode(body.subarray(2, offset));
      let messageId: number | undefined;
      if (qos > 0) {
        messageId = readUint16(body, offset);
        offset += 2;
      }
      // a copy: the packet's bytes belong to the reader's buffer
      const payload = body.slice(offset);
      const parsed: MqttPacket = { cmd: 'publish', topic, payload, qos: qos as 0 | 1 | 2, dup: (flags & 0x08) !== 0, retain: (flags & 0x01) !== 0 };
      if (messageId !== undefined) parsed.messageId = messageId;
      return parsed;
    }
    case PUBACK:
      return { cmd: 'puback', messageId: readUint16(body, 0) };
    case SUBACK:
      if (body.length < 3) throw new Error('MQTT malformed SUBACK');
      return { cmd: 'suback', messageId: readUint16(body, 0), granted: Array.from(body.subarray(2)) };
    case UNSUBACK:
      return { cmd: 'unsuback', messageId: readUint16(body, 0) };
    case PINGRESP:
      return { cmd: 'pingresp' };
    default:
      throw new Error(`MQTT packet type ${type} is not expected from a broker`);
  }
}

/**
 * Cuts a byte stream into packets: a WebSocket frame may carry part of a packet, or several.
 */
export class PacketReader {
  private buffer: Uint8Array = new Uint8Array(0);

  /** Adds received bytes; returns the packets they complete, in order. */
  push(chunk: Uint8Array): MqttPacket[] {
    this.buffer = this.buffer.length === 0 ? chunk : concat([this.buffer, chunk]);
    const packets: MqttPacket[] = [];
    let offset = 0;
    for (;;) {
      if (this.buffer.length - offset < 2) break;
      const length = decodeRemainingLength(this.buffer, offset + 1);
      if (length === null) break;
      const end = offset + 1 + length.size + length.value;
      if (end > this.buffer.length) break;
      packets.push(decodePacket(this.buffer.subarray(offset, end)));
      offset = end;
    }
    this.buffer = offset === this.buffer.length ? new Uint8Array(0) : this.buffer.slice(offset);
    return packets;
  }
}

// ---------------------------------------------------------------------------------------------
// The client

const WS_OPEN = 1;
const DEFAULT_KEEPALIVE_S = 60;
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
const DEFAULT_RECONNECT_PERIOD_MS = 1000;

/** CONNACK refusal reasons (3.1.1 table 3.1), for error messages. */
const REFUSALS: Record<number, string> = {
  1: 'unacceptable protocol version',
  2: 'identifier rejected',
  3: 'server unavailable',
  4: 'bad user name or password',
  5: 'not authorized',
};

/**
 * A tab's client id: 128 random bits, never shown or sent anywhere but the broker. The embedded
 * broker makes an id its identity's own; an external Mosquitto cannot, so there an id nobody else
 * can know is what keeps another connection from taking it over (decision 109).
 */
/**
 * The id sent in CONNECT names its owner (decision 109): `<username>/<tab id>` with credentials,
 * the bare tab id without. Brokers that bind ids to identities (Tribün's Mosquitto plugin)
 * refuse any other combination, so nobody can use a signed-in tab's id; the tab keeps its
 * random part across sign-in and sign-out.
 */
export function ownedClientId(tabId: string, username: string | undefined): string {
  return username === undefined || username === '' ? tabId : `${username}/${tabId}`;
}

function randomClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `tribun_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function bytesOf(data: unknown): Uint8Array | null {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return null;
}

function errorWithCode(message: string, code?: number): MqttLiteError {
  const error: MqttLiteError = new Error(message);
  if (code !== undefined) error.code = code;
  return error;
}

type Listener = (...args: never[]) => void;
type Pending =
  | { kind: 'subscribe'; callback?: ((error: Error | null, granted?: number[]) => void) | undefined }
  | { kind: 'unsubscribe'; callback?: ((error: Error | null) => void) | undefined };

export class MqttLiteClient implements LiveMqttClient {
  /** Read again for every CONNECT: change username/password here, then `reconnect()`. */
  readonly options: MqttLiteOptions;
  connected = false;

  private readonly url: string;
  private readonly listeners = new Map<string, Set<Listener>>();
  private socket: WebSocketLike | null = null;
  private reader = new PacketReader();
  private readonly pending = new Map<number, Pending>();
  private nextMessageId = 1;
  /** end() was called: no automatic reconnect until reconnect() */
  private disconnecting = false;
  /** a CONNACK refused us: no automatic reconnect until reconnect() */
  private reconnectSuppressed = false;
  /** 'offline' was emitted and retries are going on */
  private reconnecting = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private connackTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(url: string, options: MqttLiteOptions = {}) {
    this.url = url;
    // a copy, as mqtt.js keeps: the caller's object is not changed by renewals
    this.options = { ...options };
    this.options.clientId ??= randomClientId();
    this.connect();
  }

  on<E extends keyof LiveMqttEvents>(event: E, listener: (...args: LiveMqttEvents[E]) => void): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener as Listener);
    this.listeners.set(event, set);
    return this;
  }

  off<E extends keyof LiveMqttEvents>(event: E, listener: (...args: LiveMqttEvents[E]) => void): this {
    this.listeners.get(event)?.delete(listener as Listener);
    return this;
  }

  private emit<E extends keyof LiveMqttEvents>(event: E, ...args: LiveMqttEvents[E]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of Array.from(set)) {
      try {
        (listener as (...a: LiveMqttEvents[E]) => void)(...args);
      } catch (error) {
        // A throwing listener must not leave the connection half-handled; report it as an
        // uncaught error, outside our stack.
        setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  }

  subscribe(topic: string | string[], options: { qos: 0 | 1 }, callback?: (error: Error | null, granted?: number[]) => void): this {
    const topics = typeof topic === 'string' ? [topic] : topic;
    const messageId = this.send((id) => encodeSubscribe(id, topics, options.qos));
    if (messageId === null) callback?.(new Error('client disconnected'));
    else this.pending.set(messageId, { kind: 'subscribe', callback });
    return this;
  }

  unsubscribe(topic: string | string[], callback?: (error: Error | null) => void): this {
    const topics = typeof topic === 'string' ? [topic] : topic;
    const messageId = this.send((id) => encodeUnsubscribe(id, topics));
    if (messageId === null) callback?.(new Error('client disconnected'));
    else this.pending.set(messageId, { kind: 'unsubscribe', callback });
    return this;
  }

  /**
   * Closes the connection (politely with DISCONNECT unless `force`) and stops reconnecting;
   * emits 'close' (if connected) and 'end', then calls `callback`.
   */
  end(force = false, callback?: () => void): this {
    if (this.disconnecting) {
      callback?.();
      return this;
    }
    this.disconnecting = true;
    this.clearReconnect();
    if (!force && this.connected) this.write(DISCONNECT_PACKET);
    this.drop();
    this.emit('end');
    callback?.();
    return this;
  }

  /** Connects again now, with the options as they are, whatever stopped the last connection. */
  reconnect(): this {
    this.disconnecting = false;
    this.clearReconnect();
    if (this.socket !== null) {
      // Still connected or connecting: close that connection first, quietly.
      this.disconnecting = true;
      this.drop();
      this.disconnecting = false;
    }
    this.emit('reconnect');
    this.connect();
    return this;
  }

  private connect(): void {
    this.reconnectSuppressed = false;
    this.clearReconnect();
    this.reader = new PacketReader();
    const Socket = this.options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (Socket === undefined) throw new Error('no WebSocket implementation');
    let socket: WebSocketLike;
    try {
      socket = new Socket(this.url, ['mqtt']);
    } catch (error) {
      // A malformed URL: nothing will ever connect. Report it and stop.
      this.reconnectSuppressed = true;
      this.emit('error', error instanceof Error ? error : new Error(String(error)));
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => {
      const { options } = this;
      this.write(
        encodeConnect({
          clientId: ownedClientId(options.clientId ?? randomClientId(), options.username),
          keepalive: options.keepalive ?? DEFAULT_KEEPALIVE_S,
          clean: options.clean ?? true,
          username: options.username,
          password: options.password,
        }),
      );
    };
    socket.onmessage = (event) => this.receive(event.data);
    // A socket error is always followed by its close, which does the work.
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.socket === socket) this.drop();
    };
    this.connackTimer = setTimeout(() => this.fail(errorWithCode('connack timeout')), this.options.connectTimeout ?? DEFAULT_CONNECT_TIMEOUT_MS);
  }

  private receive(data: unknown): void {
    const bytes = bytesOf(data);
    if (bytes === null) {
      this.fail(errorWithCode('MQTT over WebSocket must be binary'));
      return;
    }
    let packets: MqttPacket[];
    try {
      packets = this.reader.push(bytes);
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const socket = this.socket;
    for (const received of packets) {
      // a listener may have ended or replaced the connection
      if (this.socket !== socket) return;
      this.handle(received);
    }
  }

  private handle(received: MqttPacket): void {
    switch (received.cmd) {
      case 'connack': {
        if (this.connackTimer !== null) clearTimeout(this.connackTimer);
        this.connackTimer = null;
        if (received.returnCode !== 0) {
          const code = received.returnCode;
          this.reconnectSuppressed = true;
          this.fail(errorWithCode(`Connection refused: ${REFUSALS[code] ?? `code ${code}`}`, code));
          return;
        }
        this.connected = true;
        this.reconnecting = false;
        this.schedulePing();
        this.emit('connect');
        return;
      }
      case 'publish': {
        if (received.qos === 2) {
          // Never asked for (subscriptions are QoS 0 or 1): a broker sending it is broken.
          this.fail(errorWithCode('MQTT QoS 2 PUBLISH not supported'));
          return;
        }
        this.emit('message', received.topic, received.payload, received);
        if (received.qos === 1 && received.messageId !== undefined) this.write(encodePuback(received.messageId));
        return;
      }
      case 'suback': {
        const pending = this.pending.get(received.messageId);
        if (pending?.kind !== 'subscribe') return;
        this.pending.delete(received.messageId);
        const refused = received.granted.find((code) => (code & 0x80) !== 0);
        pending.callback?.(refused === undefined ? null : errorWithCode('Subscribe error: refused by the broker', refused), received.granted);
        return;
      }
      case 'unsuback': {
        const pending = this.pending.get(received.messageId);
        if (pending?.kind !== 'unsubscribe') return;
        this.pending.delete(received.messageId);
        pending.callback?.(null);
        return;
      }
      case 'pingresp':
        this.schedulePing();
        return;
      case 'puback':
        // We never publish.
        return;
    }
  }

  /** Sends a packet with a fresh message id; null when not connected. */
  private send(build: (messageId: number) => Uint8Array): number | null {
    if (!this.connected || this.disconnecting) return null;
    const messageId = this.nextMessageId;
    this.nextMessageId = messageId === 0xffff ? 1 : messageId + 1;
    this.write(build(messageId));
    return messageId;
  }

  private write(bytes: Uint8Array): void {
    const socket = this.socket;
    if (socket === null || socket.readyState !== WS_OPEN) return;
    try {
      socket.send(bytes);
    } catch {
      // closing: its close event follows
    }
  }

  /** PINGREQ a keep-alive period after the last PINGRESP (or CONNACK); no answer in half that → dead. */
  private schedulePing(): void {
    if (this.pingTimer !== null) clearTimeout(this.pingTimer);
    const keepaliveMs = (this.options.keepalive ?? DEFAULT_KEEPALIVE_S) * 1000;
    if (keepaliveMs <= 0) return;
    this.pingTimer = setTimeout(() => {
      this.write(PINGREQ_PACKET);
      this.pingTimer = setTimeout(() => this.fail(errorWithCode('Keepalive timeout')), Math.ceil(keepaliveMs / 2));
    }, keepaliveMs);
  }

  /** Ends the connection because of `error`: closes it, emits 'error' then 'close', retries unless suppressed. */
  private fail(error: MqttLiteError): void {
    const socket = this.socket;
    this.detach();
    this.emit('error', error);
    if (socket !== null) this.closed();
  }

  /** Closes the current connection at once (not waiting for the close handshake) and handles its end. */
  private drop(): void {
    const hadSocket = this.socket !== null;
    this.detach();
    if (hadSocket) this.closed();
  }

  private detach(): void {
    const socket = this.socket;
    this.socket = null;
    this.connected = false;
    for (const timer of [this.connackTimer, this.pingTimer]) if (timer !== null) clearTimeout(timer);
    this.connackTimer = null;
    this.pingTimer = null;
    if (socket === null) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = () => {};
    try {
      socket.close();
    } catch {
      // already closed
    }
  }

  /** After a connection ended: fail what waited for an answer, say so, and retry. */
  private closed(): void {
    const waiting = Array.from(this.pending.values());
    this.pending.clear();
    for (const pending of waiting) pending.callback?.(new Error('Connection closed'));
    this.emit('close');
    this.setupReconnect();
  }

  private setupReconnect(): void {
    const period = this.options.reconnectPeriod ?? DEFAULT_RECONNECT_PERIOD_MS;
    if (this.disconnecting || this.reconnectSuppressed || this.reconnectTimer !== null || period <= 0) return;
    if (!this.reconnecting) {
      this.reconnecting = true;
      this.emit('offline');
    }
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.emit('reconnect');
      this.connect();
    }, period);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}

/** mqtt.connect's counterpart: starts connecting at once. */
export function connectMqttLite(url: string, options: MqttLiteOptions = {}): MqttLiteClient {
  return new MqttLiteClient(url, options);
}
