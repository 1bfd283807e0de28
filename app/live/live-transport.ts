import mqtt from 'mqtt';
import type { LiveTransport } from './live-client';
import { parseLiveMessage } from './live-message';

/** Loaded on demand by the live provider (see LiveTransport); never imported statically. */
export const liveTransport: LiveTransport = { connect: mqtt.connect, parse: parseLiveMessage };
