import { liveEndpoints, parseUserMessage, type LiveToken } from '../../core/contracts/live';
import { createApiClient, isApiError } from '../lib/api-client';
import { callEndpoint } from '../lib/endpoint-client';
import type { LiveTransport } from './live-client';
import { parseLiveMessage } from './live-message';
import { connectMqttLite } from './mqtt-lite';

// The session cookie is all this call needs. A 401 here only means the reader is signed out:
// unlike the app's client, this one does not end the session or move to the login page.
const tokenFetch = createApiClient({ baseUrl: () => window.location.origin, headers: () => ({}) });

/** POST /api/live/token with the session cookie; null when the session is gone (401). */
async function fetchCredentials(): Promise<LiveToken | null> {
  try {
    return await callEndpoint(liveEndpoints.token, {}, tokenFetch);
  } catch (error) {
    if (isApiError(error) && error.code === 401) return null;
    throw error;
  }
}

/** Loaded on demand by the live provider (see LiveTransport); never imported statically. */
export const liveTransport: LiveTransport = { connect: connectMqttLite, parse: parseLiveMessage, parseUser: parseUserMessage, fetchCredentials };
