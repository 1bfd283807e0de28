/** What a published plan tells other features (docs/decisions/145): enough to act without reading the plan. */
export interface PlanPublishedEvent {
  planId: number;
  tipsterId: number;
  matchId: number;
  sport: 'football' | 'basketball';
  /**
   * The community excerpt (core/forecast/excerpt.ts): the first 30% of a description over 100
   * characters, never the pick, line, odds or price; null for a shorter description.
   */
  excerpt: string | null;
}

/** Staff hid a plan: its description, excerpt and proof are no longer public. */
export interface PlanHiddenEvent {
  planId: number;
}

declare module '../../jobs/domain-events' {
  interface DomainEventMap {
    /** A plan was published (recorded in the plan's transaction): the community posts its excerpt once. */
    'forecast.plan_published': PlanPublishedEvent;
    /** Staff hid a plan's description (recorded once, at the first hide): the community hides its post. */
    'forecast.plan_hidden': PlanHiddenEvent;
  }
}
