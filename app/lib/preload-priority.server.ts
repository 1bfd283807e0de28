import { Transform } from 'node:stream';

const MODULE_PRELOAD = '<link rel="modulepreload"';
const HEAD_END = '</head>';

/**
 * The document's module preloads, marked `fetchpriority="low"` (docs/decisions/092).
 *
 * React Router writes a `modulepreload` for every chunk the page hydrates with, and a browser
 * fetches those at high priority, beside the stylesheet and before the crests — on a phone's
 * slow link a few dozen scripts then stand between the reader and the first paint of scores
 * the HTML already holds. At low priority the browser fetches what paints first, first; the
 * scripts still start downloading at once. React Router offers no option for it, so the head
 * is rewritten as it streams: held back until `</head>` (a tag split across two chunks is
 * still found), then passed through untouched. The stream is the response body React pipes
 * into (with the entry's `final`), so a reader's early close reaches React as before.
 */
export function lowPriorityModulePreloads(options: { final?: (callback: (error?: Error | null) => void) => void } = {}): Transform {
  // Bytes, not text, until the head is whole: a chunk may end inside a multi-byte character.
  let held: Buffer | null = Buffer.alloc(0);
  return new Transform({
    // The response body itself, not a stage before it: React's pipe() listens for the
    // destination's errors and close (a reader who left), and must see them on this stream.
    ...(options.final ? { final: options.final } : {}),
    transform(chunk: Buffer, _encoding, callback) {
      if (held === null) return callback(null, chunk);
      held = Buffer.concat([held, chunk]);
      const end = held.indexOf(HEAD_END);
      if (end === -1) return callback();
      const head = held.subarray(0, end).toString('utf8').replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
      const rest = held.subarray(end);
      held = null;
      callback(null, Buffer.concat([Buffer.from(head, 'utf8'), rest]));
    },
    flush(callback) {
      // A document without a head (never React Router's) passes through unchanged.
      callback(null, held === null || held.length === 0 ? undefined : held);
    },
  });
}
