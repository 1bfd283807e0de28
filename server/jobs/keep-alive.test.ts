import { describe, expect, it } from 'vitest';
import { TOPICS } from '../../core/live/topics';
import { capturePublishes } from '../test-support/live-capture';
import { useTestDatabase } from '../test-support/db';
import { createManualClock } from './clock';
import { KEEP_ALIVE_MS, keepAliveJob } from './keep-alive';
import { createJobRunner } from './runner';

const T0 = Date.UTC(2025, 9, 18, 22, 0, 0);

describe('keep-alive on the job runner', () => {
  const database = useTestDatabase('pglite');

  it('publishes the keep-alive on both public topics when leading, then every 20 s of the runner\'s clock', async () => {
    const capture = capturePublishes();
    const clock = createManualClock(T0);
    const jobs = createJobRunner({ db: database.current.db, leadership: { acquired: Promise.resolve(), release: async () => {} }, clock });
    jobs.register(keepAliveJob({ publish: capture.publish }));
    await jobs.start();
    await jobs.completed('keep-alive');
    const times = () => capture.published.map((message) => [message.topic, (JSON.parse(message.payload) as { publish_time: number }).publish_time]);
    expect(times()).toEqual([
      [TOPICS.football, T0 / 1000],
      [TOPICS.basketball, T0 / 1000],
    ]);
    expect(JSON.parse(capture.published[0]!.payload)).toMatchObject({ type: 'others', data: { match_id: 0, status: 0, a0: 0, b0: 0 } });

    clock.advance(KEEP_ALIVE_MS - 1);
    await jobs.idle();
    expect(capture.published).toHaveLength(2);
    clock.advance(1);
    await jobs.idle();
    expect(times().slice(2)).toEqual([
      [TOPICS.football, T0 / 1000 + 20],
      [TOPICS.basketball, T0 / 1000 + 20],
    ]);
    await jobs.stop();
  });
});
