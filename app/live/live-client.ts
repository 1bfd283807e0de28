import {
  LIVE_WATCHDOG_MS,
  MQTT_CONNECT_TIMEOUT_MS,
  MQTT_RECONNECT_PERIOD_MS,
} from '../../core/constants';
import type { LiveToken, UserMessage } from '../../core/contracts/live';
import type { LiveMessage, Sport } from '../../core/contracts/matches';
import { matchOfTopic, TOPICS, userTopic } from '../../core/live/topics';

/**
 * The browser's live channel (DESIGN.md "browser live client", spec section 7): one MQTT
 * connection per tab (mqtt-lite.ts, decision 093), subscribed to the public score topics plus extra channels on request.
 * Framework-free so the React provider stays thin and the rules below can be tested against
 * a real broker.
 */

export type LiveStatus = 'connecting' | 'online' | 'offline';

/** What a CONNECT is built from; read again for every reconnect. */
export interface MqttConnectOptions {
  protocolVersion?: 4;
  clean?: boolean;
  /** ms between reconnect attempts; 0: never */
  reconnectPeriod?: number;
  /** ms from opening the socket to CONNACK */
  connectTimeout?: number;
  /** seconds; 0 turns PINGREQ off */
  keepalive?: number;
  clientId?: string;
  username?: string | undefined;
  password?: string | undefined;
}

/** The events of the MQTT client and their arguments, as mqtt.js names them. */
export interface LiveMqttEvents {
  connect: [];
  message: [topic: string, payload: Uint8Array, packet: { qos: number; retain: boolean; dup: boolean }];
  reconnect: [];
  offline: [];
  close: [];
  end: [];
  /** `code`: the CONNACK return code of a refusal, or a SUBACK failure code */
  error: [error: Error & { code?: number }];
}

/**
 * The slice of an MQTT client the live channel uses: the subset of mqtt.js's MqttClient that
 * app/live/mqtt-lite.ts implements (decision 093), so mqtt.js is no browser dependency.
 */
export interface LiveMqttClient {
  readonly connected: boolean;
  /** Each CONNECT is built from these: new credentials go here before reconnect(). */
  readonly options: MqttConnectOptions;
  on<E extends keyof LiveMqttEvents>(event: E, listener: (...args: LiveMqttEvents[E]) => void): this;
  subscribe(topic: string | string[], options: { qos: 0 | 1 }, callback?: (error: Error | null, granted?: number[]) => void): this;
  unsubscribe(topic: string | string[], callback?: (error: Error | null) => void): this;
  end(force?: boolean, callback?: () => void): this;
  reconnect(): this;
}

export type ConnectMqtt = (url: string, options: MqttConnectOptions) => LiveMqttClient;

/**
 * What the client loads after hydration: the MQTT client and the message parser (zod). Both stay out
 * of the first bundle and out of server rendering.
 */
export interface LiveTransport {
  connect: ConnectMqtt;
  parse: (payload: Uint8Array | string) => LiveMessage | null;
  parseUser: (payload: string) => UserMessage | null;
  /** POST /api/live/token: the session's live credentials, or null when signed out (401) */
  fetchCredentials: () => Promise<LiveToken | null>;
}

/** CONNACK codes of refused credentials (4 bad user name or password, 5 not authorised). */
const REFUSED_CREDENTIALS = new Set([4, 5]);
/** A refused connection asks the server for new credentials at most this often. */
const CREDENTIALS_RETRY_MS = 10_000;

/** The sport a public topic carries, or null for any other channel (users/…, extra topics). */
export function sportOfTopic(topic: string): Sport | null {
  if (topic === TOPICS.football) return 'football';
  if (topic === TOPICS.basketball) return 'basketball';
  return null;
}

/** The options the specification fixes for the browser connection (section 7). */
// The client never resubscribes by itself: we subscribe again on every connect.
export const LIVE_CONNECT_OPTIONS: Readonly<MqttConnectOptions> = Object.freeze({
  protocolVersion: 4,
  clean: true,
  reconnectPeriod: MQTT_RECONNECT_PERIOD_MS,
  connectTimeout: MQTT_CONNECT_TIMEOUT_MS,
});

/**
 * Where the browser connects: the public configuration's broker address when set (an external
 * broker), otherwise this site's own /mqtt over ws or wss matching the page.
 */
export function resolveBrokerUrl(configured: string | null, location: { protocol: string; host: string }): string {
  if (configured !== null && configured.trim() !== '') return configured;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/mqtt`;
}

/**
 * Counts connects and says when a connect is a reconnect. Every reconnect means messages may
 * have been missed while the socket was down, so the open lists must refetch; the first
 * connect needs no refetch because the page's data was just loaded.
 */
export function createReconnectDetector(): { handleConnect(): boolean } {
  let connects = 0;
  return {
    handleConnect() {
      connects += 1;
      return connects > 1;
    },
  };
}

/**
 * The silence watchdog's rule (section 7): with no message for a whole window the connection is
 * presumed dead even if the socket looks open (a proxy or NAT can drop it silently). The
 * server's keep-alive every 20 s means a healthy connection is never silent that long.
 */
export function isLiveSilent(options: { lastActivityMs: number; nowMs: number; windowMs?: number }): boolean {
  const windowMs = options.windowMs ?? LIVE_WATCHDOG_MS;
  return options.nowMs - options.lastActivityMs >= windowMs;
}

export interface LiveClientOptions {
  url: string;
  /** Loads the MQTT client and the parser. The app passes a dynamic import (see LiveTransport). */
  loadTransport: () => Promise<LiveTransport>;
  /**
   * Signed in: connect with the session's live credentials and follow `users/<own id>`
   * (decision 063). Signed out, or when the server says the session ended: anonymous.
   */
  signedIn?: boolean;
  /** Silence window and check period; the specification's 35 s unless a test shortens it. */
  watchdogMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export interface LiveClient {
  start(): void;
  stop(): void;
  getStatus(): LiveStatus;
  subscribeStatus(listener: () => void): () => void;
  /** Valid live messages of one sport; invalid payloads never reach handlers. */
  onMessage(sport: Sport, handler: (message: LiveMessage) => void): () => void;
  /** Valid messages of the signed-in user's own topic (users/<id>). */
  onUserMessage(handler: (message: UserMessage) => void): () => void;
  /** Raw payloads (as text) of an extra channel. */
  onTopic(topic: string, handler: (payload: string) => void): () => void;
  /**
   * Valid live messages of one match's own topic (`matches/<sport>/<id>`: its statistics and
   * momentum); the topic itself is asked for with addTopic (the mqttSubscribe event).
   */
  onMatchMessage(topic: string, handler: (message: LiveMessage) => void): () => void;
  /** Called after every reconnect (never after the first connect). */
  onRefetch(handler: () => void): () => void;
  /** Number of reconnects so far; changes exactly when onRefetch handlers are called. */
  getRefetchCount(): number;
  subscribeRefetch(listener: () => void): () => void;
  /** Extra channels are reference-counted: two parts of the page may ask for the same one. */
  addTopic(topic: string): void;
  removeTopic(topic: string): void;
}

const BASE_TOPICS: readonly string[] = [TOPICS.football, TOPICS.basketball];

/** At most this many messages of the own topic wait for a first listener. */
export const HELD_USER_MESSAGES = 20;

function callEach<T extends unknown[]>(handlers: Iterable<(...args: T) => void>, args: T, onError: (e: unknown) => void) {
  for (const handler of Array.from(handlers)) {
    try {
      handler(...args);
    } catch (error) {
      // One broken listener must not starve the others of the message.
      onError(error);
    }
  }
}

export function createLiveClient(options: LiveClientOptions): LiveClient {
  const now = options.now ?? Date.now;
  const watchdogMs = options.watchdogMs ?? LIVE_WATCHDOG_MS;
  const onError = options.onError ?? ((error: unknown) => console.error('live:', error));

  let status: LiveStatus = 'connecting';
  let client: LiveMqttClient | null = null;
  let parse: LiveTransport['parse'] | null = null;
  let parseUser: LiveTransport['parseUser'] | null = null;
  // users/<id> of the credentials in use; null while anonymous
  let ownTopic: string | null = null;
  let lastRenewal = Number.NEGATIVE_INFINITY;
  const userHandlers = new Set<(message: UserMessage) => void>();
  // Messages of the own topic that came before anything listened (the pop-up layer mounts after
  // hydration, the connection may be up first): kept for the first listener, never lost.
  let heldUserMessages: UserMessage[] = [];
  let started = false;
  let watchdog: ReturnType<typeof setInterval> | null = null;
  let lastActivityMs = now();
  let refetchCount = 0;
  const reconnects = createReconnectDetector();

  const statusListeners = new Set<() => void>();
  const refetchListeners = new Set<() => void>();
  const refetchHandlers = new Set<() => void>();
  const messageHandlers: Record<Sport, Set<(message: LiveMessage) => void>> = { football: new Set(), basketball: new Set() };
  const topicHandlers = new Map<string, Set<(payload: string) => void>>();
  const matchHandlers = new Map<string, Set<(message: LiveMessage) => void>>();
  const extraTopics = new Map<string, number>();

  function setStatus(next: LiveStatus) {
    if (next === status) return;
    status = next;
    callEach(statusListeners, [], onError);
  }

  function allTopics(): string[] {
    return [...BASE_TOPICS, ...(ownTopic === null ? [] : [ownTopic]), ...extraTopics.keys()];
  }

  /** The session's credentials, or null (signed out, or the server could not give them). */
  async function credentialsOf(transport: LiveTransport): Promise<LiveToken | null> {
    try {
      return await transport.fetchCredentials();
    } catch (error) {
      onError(error);
      return null;
    }
  }

  /**
   * The broker refused our credentials (session revoked, broker restarted with a new key):
   * the client (like mqtt.js) stops retrying after a refusal, so ask for new credentials (at most once per
   * CREDENTIALS_RETRY_MS) and reconnect with them, or anonymously when signed out.
   */
  async function renewCredentials(refused: LiveMqttClient, transport: LiveTransport) {
    const wait = lastRenewal + CREDENTIALS_RETRY_MS - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (!started || client !== refused) return;
    lastRenewal = now();
    const token = await credentialsOf(transport);
    if (!started || client !== refused) return;
    // The client builds each CONNECT from its options.
    refused.options.username = token?.username;
    refused.options.password = token?.password;
    ownTopic = token === null ? null : userTopic(token.userId);
    refused.reconnect();
  }

  function handleConnect(connected: LiveMqttClient) {
    lastActivityMs = now();
    setStatus('online');
    connected.subscribe(allTopics(), { qos: 0 }, (error) => {
      // A subscribe cut short by a dropped connection is redone on the next connect.
      if (error && connected.connected) onError(error);
    });
    if (reconnects.handleConnect()) {
      refetchCount += 1;
      callEach(refetchHandlers, [], onError);
      callEach(refetchListeners, [], onError);
    }
  }

  function handleMessage(topic: string, payload: Uint8Array) {
    lastActivityMs = now();
    if (topic === ownTopic) {
      const message = parseUser?.(new TextDecoder().decode(payload)) ?? null;
      if (message === null) return;
      if (userHandlers.size === 0) heldUserMessages = [...heldUserMessages, message].slice(-HELD_USER_MESSAGES);
      else callEach(userHandlers, [message], onError);
      return;
    }
    const sport = sportOfTopic(topic);
    if (sport !== null) {
      const message = parse?.(payload) ?? null;
      if (message !== null) callEach(messageHandlers[sport], [message], onError);
      return;
    }
    const match = matchOfTopic(topic);
    if (match !== null) {
      const message = parse?.(payload) ?? null;
      // A message about another match on this match's topic is not this match's.
      const listeners = matchHandlers.get(topic);
      if (message !== null && message.data.match_id === match.matchId && listeners !== undefined) callEach(listeners, [message], onError);
    }
    const handlers = topicHandlers.get(topic);
    if (handlers !== undefined) callEach(handlers, [new TextDecoder().decode(payload)], onError);
  }

  function checkSilence() {
    if (client === null || !client.connected) return; // the client is already retrying every second
    if (!isLiveSilent({ lastActivityMs, nowMs: now(), windowMs: watchdogMs })) return;
    const silent = client;
    setStatus('connecting');
    // Forced: a half-dead socket would never acknowledge a polite DISCONNECT.
    silent.end(true, () => {
      if (started && client === silent) silent.reconnect();
    });
  }

  async function open() {
    let transport: LiveTransport;
    try {
      transport = await options.loadTransport();
    } catch (error) {
      onError(error);
      setStatus('offline');
      return;
    }
    if (!started) return;
    parse = transport.parse;
    parseUser = transport.parseUser;
    const token = options.signedIn ? await credentialsOf(transport) : null;
    if (!started) return;
    ownTopic = token === null ? null : userTopic(token.userId);
    const created = transport.connect(options.url, {
      ...LIVE_CONNECT_OPTIONS,
      ...(token === null ? {} : { username: token.username, password: token.password }),
    });
    client = created;
    created.on('connect', () => handleConnect(created));
    created.on('message', (topic, payload) => handleMessage(topic, payload));
    created.on('reconnect', () => {
      // Once the user has seen "offline", the one-second retries should not flicker it.
      if (status !== 'offline') setStatus('connecting');
    });
    created.on('offline', () => setStatus('offline'));
    created.on('close', () => {
      if (status === 'online') setStatus('offline');
    });
    created.on('error', (error) => {
      // Connection errors are followed by close and a retry; nothing to tell the reader beyond
      // the status. Refused credentials are renewed first (or dropped: anonymous).
      const code = (error as { code?: unknown }).code;
      if (options.signedIn && typeof code === 'number' && REFUSED_CREDENTIALS.has(code)) void renewCredentials(created, transport);
    });
    lastActivityMs = now();
    watchdog = setInterval(checkSilence, watchdogMs);
  }

  return {
    start() {
      if (started) return;
      started = true;
      void open();
    },
    stop() {
      started = false;
      if (watchdog !== null) clearInterval(watchdog);
      watchdog = null;
      client?.end(true);
      client = null;
      setStatus('offline');
    },
    getStatus: () => status,
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onMessage(sport, handler) {
      messageHandlers[sport].add(handler);
      return () => messageHandlers[sport].delete(handler);
    },
    onUserMessage(handler) {
      userHandlers.add(handler);
      const held = heldUserMessages;
      heldUserMessages = [];
      for (const message of held) callEach([handler], [message], onError);
      return () => userHandlers.delete(handler);
    },
    onMatchMessage(topic, handler) {
      const handlers = matchHandlers.get(topic) ?? new Set();
      handlers.add(handler);
      matchHandlers.set(topic, handlers);
      return () => {
        handlers.delete(handler);
        if (handlers.size === 0) matchHandlers.delete(topic);
      };
    },
    onTopic(topic, handler) {
      const handlers = topicHandlers.get(topic) ?? new Set();
      handlers.add(handler);
      topicHandlers.set(topic, handlers);
      return () => {
        handlers.delete(handler);
        if (handlers.size === 0) topicHandlers.delete(topic);
      };
    },
    onRefetch(handler) {
      refetchHandlers.add(handler);
      return () => refetchHandlers.delete(handler);
    },
    getRefetchCount: () => refetchCount,
    subscribeRefetch(listener) {
      refetchListeners.add(listener);
      return () => refetchListeners.delete(listener);
    },
    addTopic(topic) {
      if (BASE_TOPICS.includes(topic)) return;
      const count = extraTopics.get(topic) ?? 0;
      extraTopics.set(topic, count + 1);
      const current = client;
      if (count === 0 && current?.connected) {
        current.subscribe(topic, { qos: 0 }, (error) => {
          if (error && current.connected) onError(error);
        });
      }
    },
    removeTopic(topic) {
      const count = extraTopics.get(topic);
      if (count === undefined) return;
      if (count > 1) {
        extraTopics.set(topic, count - 1);
        return;
      }
      extraTopics.delete(topic);
      if (client?.connected) client.unsubscribe(topic);
    },
  };
}
