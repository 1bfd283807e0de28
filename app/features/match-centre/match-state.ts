import { BASKETBALL_STATUS, FOOTBALL_STATUS, isBasketballLive, isFootballLive } from '../../../core/match/status';

/** A football match that is over: ended (awarded ones too) or cancelled. Nothing about it is live any more. */
export function isFootballMatchOver(statusId: number): boolean {
  return statusId === FOOTBALL_STATUS.ENDED || statusId === FOOTBALL_STATUS.CANCELLED;
}

/** A basketball game that is over: ended or cancelled. */
export function isBasketballMatchOver(statusId: number): boolean {
  return statusId === BASKETBALL_STATUS.ENDED || statusId === BASKETBALL_STATUS.CANCELLED;
}

/** A match being played, for history lists that show live matches among fixtures. */
export function isHistoryMatchLive(sport: 'football' | 'basketball', statusId: number): boolean {
  return sport === 'football' ? isFootballLive(statusId) : isBasketballLive(statusId);
}
