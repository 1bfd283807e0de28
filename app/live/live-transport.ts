import { LiveTokenSchema, parseUserMessage, type LiveToken } from '../../core/contracts/live';
import type { LiveTransport } from './live-client';
import { parseLiveMessage } from './live-message';
import { connectMqttLite } from './mqtt-lite';

/** POST /api/live/token with the session cookie; null when the session is gone (401). */
async function fetchCredentials(): Promise<LiveToken | null> {
  const response = await fetch('/api/live/token', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`live token: HTTP ${response.status}`);
  const body = (await response.json()) as { data?: unknown };
  return LiveTokenSchema.parse(body.data);
}

/** Loaded on demand by the live provider (see LiveTransport); never imported statically. */
export const liveTransport: LiveTransport = { connect: connectMqttLite, parse: parseLiveMessage, parseUser: parseUserMessage, fetchCredentials };
