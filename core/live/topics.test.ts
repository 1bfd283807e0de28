import { describe, expect, it } from 'vitest';
import { TOPICS, canPublish, canSubscribe, isPublicTopic, matchOfTopic, matchTopic, sportTopic, userTopic } from './topics';

describe('topic names', () => {
  it('names the two public sport topics', () => {
    expect(TOPICS).toEqual({ football: 'football', basketball: 'basketball' });
    expect(sportTopic('football')).toBe('football');
    expect(sportTopic('basketball')).toBe('basketball');
  });

  it('builds a user topic from a numeric or string id', () => {
    expect(userTopic(42)).toBe('users/42');
    expect(userTopic('42')).toBe('users/42');
    expect(userTopic('0b6f1c2e-uuid')).toBe('users/0b6f1c2e-uuid');
  });

  it('refuses a user id that would escape its topic level', () => {
    for (const bad of ['', '4/2', '+', '#', '42/#', '$SYS', 'a\u0000b', 'x'.repeat(65)]) {
      expect(() => userTopic(bad)).toThrow(/invalid user id/);
    }
  });

  it('tells public topics from everything else', () => {
    expect(isPublicTopic('football')).toBe(true);
    expect(isPublicTopic('basketball')).toBe(true);
    for (const other of ['users/1', 'Football', 'football/', '/football', 'users', '#', '+', '']) {
      expect(isPublicTopic(other)).toBe(false);
    }
  });
});

describe('canSubscribe', () => {
  it('lets an anonymous visitor follow football and basketball only', () => {
    expect(canSubscribe({ topic: 'football', userId: null })).toBe(true);
    expect(canSubscribe({ topic: 'basketball', userId: null })).toBe(true);
    expect(canSubscribe({ topic: 'users/42', userId: null })).toBe(false);
    expect(canSubscribe({ topic: 'users', userId: null })).toBe(false);
    expect(canSubscribe({ topic: 'tennis', userId: null })).toBe(false);
    expect(canSubscribe({ topic: '$SYS/broker/clients', userId: null })).toBe(false);
  });

  it('lets a signed-in user follow exactly their own user topic', () => {
    expect(canSubscribe({ topic: 'users/42', userId: '42' })).toBe(true);
    expect(canSubscribe({ topic: 'football', userId: '42' })).toBe(true);
    expect(canSubscribe({ topic: 'users/43', userId: '42' })).toBe(false);
    expect(canSubscribe({ topic: 'users/420', userId: '42' })).toBe(false);
    expect(canSubscribe({ topic: 'users/42/extra', userId: '42' })).toBe(false);
    expect(canSubscribe({ topic: 'users/', userId: '' })).toBe(false);
  });

  it('refuses every wildcard filter, public or private, signed in or not', () => {
    const wildcards = ['#', '+', 'users/+', 'users/#', '+/1', '+/42', 'football/#', '+/+', 'users/+/#'];
    for (const topic of wildcards) {
      expect(canSubscribe({ topic, userId: null })).toBe(false);
      expect(canSubscribe({ topic, userId: '42' })).toBe(false);
    }
  });

  it('does not let a wildcard-shaped user id widen the match', () => {
    expect(canSubscribe({ topic: 'users/#', userId: '#' })).toBe(false);
    expect(canSubscribe({ topic: 'users/+', userId: '+' })).toBe(false);
    expect(canSubscribe({ topic: 'users/1/2', userId: '1/2' })).toBe(false);
  });
});

describe('a match\'s own topic (section 7\'s extra channels)', () => {
  it('names one match of one sport and reads back', () => {
    expect(matchTopic('football', 207850007)).toBe('matches/football/207850007');
    expect(matchOfTopic('matches/basketball/42')).toEqual({ sport: 'basketball', matchId: 42 });
    expect(() => matchTopic('football', 0)).toThrow();
    expect(() => matchTopic('football', 1.5)).toThrow();
  });

  it('may be followed by anyone, by its exact name only', () => {
    expect(canSubscribe({ topic: 'matches/football/207850007', userId: null })).toBe(true);
    expect(canSubscribe({ topic: 'matches/basketball/42', userId: '42' })).toBe(true);
    for (const topic of ['matches/football/+', 'matches/+/1', 'matches/#', 'matches/football/#', 'matches/tennis/1', 'matches/football/01', 'matches/football/1/x', 'matches/football/', 'matches/football/-1', 'matches/football/1e3']) {
      expect(canSubscribe({ topic, userId: null }), topic).toBe(false);
      expect(matchOfTopic(topic), topic).toBeNull();
    }
  });
});

describe('canPublish', () => {
  it('never lets a browser client publish', () => {
    expect(canPublish({ topic: 'football', userId: null })).toBe(false);
    expect(canPublish({ topic: 'users/42', userId: '42' })).toBe(false);
  });
});
