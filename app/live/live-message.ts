import { LiveMessageSchema, type LiveMessage } from '../../core/contracts/matches';

const textDecoder = new TextDecoder();

/**
 * Reads one payload of a public topic as a live message. Anything that is not JSON or not the
 * contract's shape gives null: a damaged or foreign message must never break the lists.
 */
export function parseLiveMessage(payload: Uint8Array | string): LiveMessage | null {
  const text = typeof payload === 'string' ? payload : textDecoder.decode(payload);
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    return null;
  }
  const parsed = LiveMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
