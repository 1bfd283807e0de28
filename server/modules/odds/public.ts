/**
 * What other modules may use of the odds: the service's type (the service itself comes through
 * `need(context, 'odds', …)`).
 * Other modules import only this file of odds (docs/decisions/138-server-module-boundaries.md).
 */
export { type MatchPricing, type OddsService } from './odds.service';
