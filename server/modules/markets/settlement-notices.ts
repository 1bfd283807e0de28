import type { SettlementOutcome, UserMessage, UserMessageInput } from '../../../core/contracts/live';
import type { Pair } from '../../../core/contracts/matches';
import type { Outcome } from '../../../core/contracts/odds';
import { chunks } from '../../lib/chunks';
import { publishNotifications, type NoticeDeps } from '../notifications/public';

/** A receipt's outcome as the settlement pop-ups name it. */
const LIVE_OUTCOME: Record<Outcome, SettlementOutcome> = {
  win: 'won',
  half_win: 'half_won',
  push: 'push',
  half_loss: 'half_lost',
  loss: 'lost',
  void: 'void',
};

/** The match and outcome every settlement pop-up carries (`pre_result` and `guess_result`). */
export function settledMatchData(
  match: { id: number; home: string; away: string; score: Pair },
  outcome: Outcome,
): { match_id: number; home: string; away: string; home_score: number; away_score: number; outcome: SettlementOutcome } {
  return { match_id: match.id, home: match.home, away: match.away, home_score: match.score[0], away_score: match.score[1], outcome: LIVE_OUTCOME[outcome] };
}

/** Who hears of settlements: the live publisher's per-user face. */
export interface SettlementPublisher {
  publishToUser(userId: number, message: UserMessageInput): Promise<UserMessage | void> | UserMessage | void;
}

/** Where settlement reports go (the server's pino logger fits). */
export interface SettlementLog {
  info(data: Record<string, unknown>, message: string): void;
  error(data: Record<string, unknown>, message: string): void;
}

/** One settlement pop-up: who gets it and what it says. */
export interface SettlementPopUp {
  userId: number;
  message: UserMessageInput;
}

/**
 * Publishes the pop-ups of new settlements, a hundred at a time: a big match can mean thousands
 * of them, and the broker queues them anyway. Call only after the settlement committed. QoS 0
 * notices: a failure is logged under `feature`, never retried — the record is the database.
 */
export async function publishSettlementPopUps(
  publisher: SettlementPublisher,
  popUps: readonly SettlementPopUp[],
  options: { feature: string; log?: SettlementLog },
): Promise<void> {
  for (const slice of chunks(popUps, 100)) {
    const results = await Promise.allSettled(slice.map(async (popUp) => publisher.publishToUser(popUp.userId, popUp.message)));
    results.forEach((result, index) => {
      if (result.status === 'rejected') {
        options.log?.error({ err: result.reason, userId: slice[index]!.userId }, `${options.feature}: a settlement pop-up could not be published`);
      }
    });
  }
}

/** Where a settlement is told, after it commits: the live pop-ups and the readers' unread counts. */
export interface SettlementAudience {
  publisher?: SettlementPublisher;
  log?: SettlementLog;
  /** where the readers' unread counts go after commit (decision 133); the inbox rows are written either way */
  notices?: NoticeDeps;
}

/**
 * What follows a committed settlement, for the prediction centre and the contest alike: the
 * pop-ups (QoS 0) and the unread counts of the readers it notified. Never throws: failures are
 * logged. Call it from the delivery's `afterCommit`, or directly once the settlement committed.
 */
export async function announceSettlement(
  audience: SettlementAudience,
  settled: { feature: string; popUps: readonly SettlementPopUp[]; readers: readonly number[] },
): Promise<void> {
  if (settled.popUps.length === 0 && settled.readers.length === 0) return;
  if (audience.publisher) await publishSettlementPopUps(audience.publisher, settled.popUps, { feature: settled.feature, log: audience.log });
  if (audience.notices) await publishNotifications(audience.notices, settled.readers);
}
