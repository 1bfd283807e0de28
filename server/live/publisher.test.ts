import { describe, expect, it } from 'vitest';
import { matchTopic, TOPICS, userTopic } from '../../core/live/topics';
import { createLivePublisher } from './publisher';

/** Every live message goes through the publisher's contract check, encoded ones included. */
describe('live publisher', () => {
  function capture() {
    const sent: Array<{ topic: string; payload: string }> = [];
    const publisher = createLivePublisher({ broker: { publish: async (topic, payload) => void sent.push({ topic, payload }) } });
    return { sent, publisher };
  }

  it('sends an encoded score or keep-alive on a sport topic, and statistics on a match topic, byte for byte', async () => {
    const { sent, publisher } = capture();
    const keepAlive = JSON.stringify({ type: 'others', data: { match_id: 0, status: 0, a0: 0, b0: 0 }, publish_time: 1_780_000_000 });
    const score = JSON.stringify({ type: 'score', data: { match_id: 7, status: 4, a0: 2, b0: 1 }, publish_time: 1_780_000_001 });
    await publisher.publishEncoded(TOPICS.football, keepAlive);
    await publisher.publishEncoded(matchTopic('football', 7), score);
    expect(sent).toEqual([
      { topic: 'football', payload: keepAlive },
      { topic: matchTopic('football', 7), payload: score },
    ]);
  });

  it('refuses a payload that breaks the contract, and any topic but a sport or match topic, sending nothing', async () => {
    const { sent, publisher } = capture();
    const score = JSON.stringify({ type: 'score', data: { match_id: 7, status: 4, a0: 2, b0: 1 }, publish_time: 1 });
    await expect(publisher.publishEncoded(TOPICS.basketball, JSON.stringify({ type: 'score', data: { match_id: 'x' } }))).rejects.toThrow();
    await expect(publisher.publishEncoded(TOPICS.basketball, 'not json')).rejects.toThrow();
    await expect(publisher.publishEncoded(userTopic(5), score)).rejects.toThrow(/not a sport or match topic/);
    await expect(publisher.publishEncoded('football/#', score)).rejects.toThrow(/not a sport or match topic/);
    expect(sent).toEqual([]);
  });
});
