import { UserMessageSchema, type UserMessage, type UserMessageInput } from '../../core/contracts/live';
import { LiveMessageSchema, type LiveMessage, type Sport } from '../../core/contracts/matches';
import { isPublicTopic, matchOfTopic, sportTopic, userTopic } from '../../core/live/topics';
import type { LiveBroker } from './broker';

/**
 * The one way server modules send live messages (DESIGN.md "Live publisher"): match messages
 * on the public sport topics and user messages on `users/<userId>`, which only that signed-in
 * user can read, on the embedded broker and on an external Mosquitto alike. Topic names come
 * from core/live/topics.ts; payloads are checked against core/contracts before they leave.
 */
export interface LivePublisher {
  /** A score/stats/others message to every reader of `sport`. */
  publishMatch(sport: Sport, message: LiveMessage): Promise<void>;
  /**
   * A pop-up message to one user's open pages (every tab, every device signed in). QoS 0 and
   * not stored: a user who is not connected does not get it later, so the durable record of
   * what happened (a settled bet, a redeemed product) must live in the database; this is the
   * live notice of it. Rejects when the message breaks the contract or the broker refuses it.
   */
  publishToUser(userId: number, message: UserMessageInput): Promise<UserMessage>;
  /**
   * A message its sender encoded already (the match write service, keep-alive), on a sport or
   * match topic: checked against the live-message contract before it leaves, and sent as it
   * is. Rejects a topic that is neither, and a payload that breaks the contract.
   */
  publishEncoded(topic: string, payload: string): Promise<void>;
}

export function createLivePublisher(options: { broker: Pick<LiveBroker, 'publish'>; now?: () => Date }): LivePublisher {
  const now = options.now ?? (() => new Date());
  return {
    async publishMatch(sport, message) {
      const checked = LiveMessageSchema.parse(message);
      await options.broker.publish(sportTopic(sport), JSON.stringify(checked));
    },

    async publishToUser(userId, message) {
      const checked = UserMessageSchema.parse({ ...message, publish_time: message.publish_time ?? Math.floor(now().getTime() / 1000) });
      await options.broker.publish(userTopic(userId), JSON.stringify(checked));
      return checked;
    },

    async publishEncoded(topic, payload) {
      if (!isPublicTopic(topic) && matchOfTopic(topic) === null) throw new Error(`live: ${topic} is not a sport or match topic`);
      LiveMessageSchema.parse(JSON.parse(payload));
      await options.broker.publish(topic, payload);
    },
  };
}
