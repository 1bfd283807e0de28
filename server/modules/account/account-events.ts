/** What closing an account tells the features that keep a fan's words and relations. */
export interface AccountClosedEvent {
  userId: number;
}

declare module '../../jobs/domain-events' {
  interface DomainEventMap {
    /**
     * An account was closed (server/modules/account/account-closure.ts), recorded in the
     * closure's transaction: each feature erases what the fan wrote or kept there (the community
     * its posts, comments, likes and saved posts; the social graph its follows and blocks).
     */
    'account.closed': AccountClosedEvent;
  }
}
