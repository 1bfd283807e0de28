/**
 * The device visitor id sent as Uni-Cid (sections 3 and 7). It is a hash of stable browser
 * traits plus a random salt, computed once and kept in localStorage (docs/decisions/
 * 021-device-id.md): the salt keeps two identical devices apart and makes the id useless for
 * recognising the browser anywhere else; no third-party fingerprinting.
 */
export const DEVICE_ID_STORAGE_KEY = 'uni-cid';

const DEVICE_ID_FORMAT = /^[0-9a-f]{32}$/;

let memory: string | null = null;

/**
 * 128-bit non-cryptographic hash (cyrb128) as 32 hex digits. The id identifies nothing secret,
 * and a synchronous hash lets every request carry it from the very first call.
 */
function hash128(input: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
}

/** The id for a set of traits and a salt: 32 lowercase hex digits. */
export function deriveDeviceId(traits: readonly string[], salt: string): string {
  return hash128(`${traits.join('\u0001')}\u0002${salt}`);
}

/** Traits that stay the same between visits of one browser on one device. */
export function collectDeviceTraits(): string[] {
  const nav = window.navigator as Navigator & { deviceMemory?: number };
  let timeZone = '';
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = '';
  }
  return [
    nav.userAgent,
    nav.language,
    (nav.languages ?? []).join(','),
    String(nav.hardwareConcurrency ?? ''),
    String(nav.deviceMemory ?? ''),
    String(nav.maxTouchPoints ?? ''),
    `${window.screen.width}x${window.screen.height}x${window.screen.colorDepth}`,
    String(window.devicePixelRatio),
    timeZone,
  ];
}

function createSalt(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The device visitor id (Uni-Cid). Browser: read from localStorage or derived and stored on
 * the first call. Server rendering has no device and gets ''.
 */
export function getDeviceId(): string {
  if (typeof window === 'undefined') return '';
  if (memory !== null) return memory;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(DEVICE_ID_STORAGE_KEY);
  } catch {
    stored = null;
  }
  if (stored !== null && DEVICE_ID_FORMAT.test(stored)) {
    memory = stored;
    return stored;
  }
  const id = deriveDeviceId(collectDeviceTraits(), createSalt());
  try {
    window.localStorage.setItem(DEVICE_ID_STORAGE_KEY, id);
  } catch {
    // Without storage the id lives as long as the page.
  }
  memory = id;
  return id;
}
