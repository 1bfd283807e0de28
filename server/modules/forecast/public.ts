/** What other features may use of the prediction centre: the events its plans record. */
export type { PlanHiddenEvent, PlanPublishedEvent } from './plan-events';
