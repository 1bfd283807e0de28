import type { Server } from 'node:http';
import type { LiveCredentials } from './credentials';

/** What a signed-in session may read: its user's topic, until `expiresAt` or a revocation. */
export interface UserAccessGrant {
  userId: number;
  sessionId: number;
  /** the session's own end; no connection made with the credentials outlives it */
  expiresAt: Date;
}

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
  /**
   * MQTT credentials with which the session's browser reads `users/<userId>` (and the public
   * topics). Idempotent: the same session always gets the same pair (credentials.ts).
   */
  grantUserAccess(grant: UserAccessGrant): Promise<LiveCredentials>;
  /**
   * Rule: a revoked session keeps no live access. Closes every open connection made with these
   * sessions' credentials and makes the credentials unusable. Call it after the revocation is
   * committed, so a reconnect cannot slip in before it.
   */
  revokeSessions(sessionIds: readonly number[]): Promise<void>;
  /**
   * Removes the live access of every session that `liveOf` no longer calls live (expired,
   * revoked while the broker was unreachable); returns how many were removed. For a periodic
   * job on the leading process (external broker: its dynsec clients; embedded broker: the
   * sessions of its open connections).
   */
  pruneSessions(liveOf: (sessionIds: readonly number[]) => Promise<ReadonlySet<number>>): Promise<number>;
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
