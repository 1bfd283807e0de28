import type { Sport } from '../contracts/matches';

/**
 * The one place live-channel topic names are built and judged (DESIGN.md "Live topics").
 * Both brokers (embedded aedes and an external one) and the browser's live client use it, so
 * a topic name never appears as a bare string anywhere else.
 *
 * Topics: `football`, `basketball` (public, read-only: every list reader), `matches/<sport>/<id>`
 * (public, read-only: one match's statistics and momentum, subscribed by its page while it is
 * open — section 7's extra channels, asked for with the mqttSubscribe event) and `users/<userId>`
 * (read-only, only for that user). Browser clients never publish; the server publishes through
 * its broker handle, which bypasses client ACLs.
 */

export const TOPICS = { football: 'football', basketball: 'basketball' } as const satisfies Record<Sport, string>;
export type PublicTopic = (typeof TOPICS)[Sport];

const USER_TOPIC_PREFIX = 'users/';

/**
 * A user id that is safe inside a topic level: no level separator, no wildcards, no NUL
 * (MQTT forbids U+0000 in topic names), no leading `$` (reserved for broker topics).
 */
function isTopicSafeId(id: string): boolean {
  return (
    id.length > 0 &&
    id.length <= 64 &&
    !id.includes('/') &&
    !id.includes('+') &&
    !id.includes('#') &&
    !id.includes('\u0000') &&
    !id.startsWith('$')
  );
}

/** `users/<id>`: the private channel of one signed-in user (settlement results, pop-ups). */
export function userTopic(userId: string | number): string {
  const id = String(userId);
  if (!isTopicSafeId(id)) {
    throw new Error(`invalid user id for a live topic: ${JSON.stringify(id)}`);
  }
  return USER_TOPIC_PREFIX + id;
}

/**
 * The filter matching every user topic. Only the server's own broker account is ever granted it
 * (to publish); no browser may subscribe to it (see canSubscribe).
 */
export const ALL_USER_TOPICS_FILTER = `${USER_TOPIC_PREFIX}+`;

/**
 * Mosquitto's dynamic-security control topics (server only): the server, as the broker's
 * dynsec administrator, creates and deletes the live credentials of sessions through them.
 */
export const DYNSEC_CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_CONTROL_TOPIC}/response`;

const MATCH_TOPIC_PREFIX = 'matches/';
const MATCH_TOPIC = /^matches\/(football|basketball)\/([1-9][0-9]{0,14})$/;

/**
 * `matches/<sport>/<id>`: one match's statistics and momentum as they change (decision 099's
 * stop: they left the sport topics, which every list reader gets, for the match's own topic,
 * which only its open pages get).
 */
export function matchTopic(sport: Sport, matchId: number): string {
  if (!Number.isSafeInteger(matchId) || matchId < 1) throw new Error(`invalid match id for a live topic: ${matchId}`);
  return `${MATCH_TOPIC_PREFIX}${sport}/${matchId}`;
}

/** The match a `matches/<sport>/<id>` topic names, or null for any other name (wildcards included). */
export function matchOfTopic(topic: string): { sport: Sport; matchId: number } | null {
  const found = MATCH_TOPIC.exec(topic);
  if (!found) return null;
  return { sport: found[1] as Sport, matchId: Number(found[2]) };
}

/** What Mosquitto's dynamic security must let anonymous readers subscribe to: each sport's match topics. */
export const MATCH_TOPIC_PATTERNS: readonly string[] = [`${MATCH_TOPIC_PREFIX}football/+`, `${MATCH_TOPIC_PREFIX}basketball/+`];

export function sportTopic(sport: Sport): PublicTopic {
  return TOPICS[sport];
}

export function isPublicTopic(topic: string): topic is PublicTopic {
  return topic === TOPICS.football || topic === TOPICS.basketball;
}

/**
 * Whether a browser client may subscribe to `topic` (an MQTT topic filter as sent in
 * SUBSCRIBE). Only exact topic names are allowed:
 * - anyone: `football`, `basketball`, and one match's own topic `matches/<sport>/<id>`;
 * - a signed-in user, in addition: `users/<own id>`.
 * Every filter with a wildcard is refused, even one over public topics only (`+` would match
 * `football` and `basketball` alone today): judging which wildcards can never reach `users/…`
 * or a topic added later is a rule we would have to keep right forever, and the browser never
 * needs one — it subscribes to the two or three exact names it wants.
 */
export function canSubscribe(options: { topic: string; userId: string | null }): boolean {
  const { topic, userId } = options;
  if (isPublicTopic(topic) || matchOfTopic(topic) !== null) return true;
  if (userId === null || !isTopicSafeId(userId)) return false;
  return topic === USER_TOPIC_PREFIX + userId;
}

/**
 * Whether a browser client may publish: never. Scores and user messages come only from the
 * server; a client publish would let anyone fake a goal on every fan's screen.
 */
export function canPublish(_options: { topic: string; userId: string | null }): boolean {
  return false;
}
