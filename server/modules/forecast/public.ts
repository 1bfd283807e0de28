/** What other features may use of the prediction centre: the events its plans record. */
export type { PlanPublishedEvent } from './plan-events';
