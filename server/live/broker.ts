import type { Server } from 'node:http';

/**
 * The server's handle on the live channel (MQTT over WebSocket). Two implementations:
 * `embedded` (aedes inside this process, browsers connect to this server's /mqtt) and
 * `external` (Mosquitto, EMQX…: the server publishes as an MQTT client, browsers connect to
 * the broker's own WebSocket listener). Topic names come from core/live/topics.ts only.
 */
export interface LiveBroker {
  readonly kind: 'embedded' | 'external';
  /** Publish one message, QoS 0, not retained. Rejects when the broker cannot take it. */
  publish(topic: string, payload: string): Promise<void>;
  /**
   * Serve browsers on `path` (default `/mqtt`) of this HTTP server. A no-op for an external
   * broker, whose WebSocket listener browsers reach directly.
   */
  attach(server: Server, path?: string): void;
  /** Disconnect every client and release the broker. Safe to call more than once. */
  close(): Promise<void>;
}

/** The slice of a pino/Fastify logger the live channel writes to. */
export interface LiveLogger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const DEFAULT_LIVE_PATH = '/mqtt';

/** Used when no logger is given: problems of the broker itself still reach stderr. */
export const consoleLiveLogger: LiveLogger = {
  debug: () => {},
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};
