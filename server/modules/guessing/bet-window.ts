import { BET_CUTOFF_MINUTES } from '../../../core/contracts/guessing';
import { BASKETBALL_STATUS, FOOTBALL_STATUS, basketballListKind, footballListKind } from '../../../core/match/status';
import type { MessageKey } from '../../../core/messages/messages';
import type { MatchState } from '../markets/public';

/**
 * Whether a match takes bets now (specification section 5: bets close 15 minutes before
 * kick-off). The server clock decides; every refusal is 409 BET_MATCH_CLOSED with its message:
 *
 * - being played, or still "not started" at or after its kick-off → 'guessing.match.started';
 * - ended, or any status other than not started (postponed, cancelled, interrupted…), or a match
 *   noted postponed → 'guessing.market.closed';
 * - within BET_CUTOFF_MINUTES of kick-off → 'guessing.match.cutoff';
 * - otherwise null.
 */
export function betBlock(match: MatchState, now: Date): MessageKey | null {
  const kind = match.sport === 'football' ? footballListKind(match.statusId) : basketballListKind(match.statusId);
  const notStarted = match.sport === 'football' ? FOOTBALL_STATUS.NOT_STARTED : BASKETBALL_STATUS.NOT_STARTED;
  if (kind === 'live') return 'guessing.match.started';
  if (match.statusId !== notStarted || match.note === 'postponed') return 'guessing.market.closed';
  if (now.getTime() >= match.matchTime.getTime()) return 'guessing.match.started';
  if (now.getTime() >= closesAt(match.matchTime).getTime()) return 'guessing.match.cutoff';
  return null;
}

/** When bets on a match kicking off at `kickOff` close. */
export function closesAt(kickOff: Date): Date {
  return new Date(kickOff.getTime() - BET_CUTOFF_MINUTES * 60_000);
}
