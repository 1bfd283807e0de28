/**
 * What other modules may use of the markets: a match's priced markets and whether it takes
 * picks now, the day a daily limit counts, a finished match's result as settlement grades it,
 * and the notices that follow a settlement. The prediction centre (forecast) and the contest
 * (guessing) both build on these; neither imports the other (docs/decisions/138).
 */
export {
  findMatchState,
  findMatchTeams,
  getMatchMarkets,
  matchNotFound,
  NO_MARKET,
  offeredMarkets,
  publishBlock,
  type MatchState,
  type PublishBlock,
} from './match-markets';
export { MARKET_DAY_TIME_ZONE, marketDayBounds } from './market-day';
export { readSettlementResult, settlementBasis, SETTLEMENT_EVENT_TYPES, type SettlementBasis, type SettlementResult, type VoidReason } from './settlement-result';
export {
  announceSettlement,
  publishSettlementPopUps,
  settledMatchData,
  type SettlementAudience,
  type SettlementLog,
  type SettlementPopUp,
  type SettlementPublisher,
} from './settlement-notices';
