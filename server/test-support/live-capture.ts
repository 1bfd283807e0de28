import type { Publish } from '../modules/matches/match-writes';

export interface CapturedPublish {
  topic: string;
  payload: string;
}

/**
 * A publish function that keeps what it was given, for tests of code that publishes live
 * messages. It is a real implementation of `Publish` (an in-memory channel), not a broker mock:
 * broker delivery is tested in server/live.
 */
export function capturePublishes(): { publish: Publish; published: CapturedPublish[] } {
  const published: CapturedPublish[] = [];
  return {
    published,
    publish: async (topic, payload) => {
      published.push({ topic, payload });
    },
  };
}
