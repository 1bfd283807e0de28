/**
 * The review queue's states and moves (docs/decisions/134): an item waits (pending) until staff
 * approve it, reject it with a reason, or ask for changes. The submitter may appeal a rejection
 * once, which puts the item back in the queue; after changes were asked, the submitter's new
 * version puts it back too. Every other move is refused; these rules are the only place that says so.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'changes_requested'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_DECISIONS = ['approve', 'reject', 'request_changes'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** What an item is when a move is asked: its status, and whether its one appeal is used. */
export interface ReviewState {
  status: ReviewStatus;
  appealed: boolean;
}

export type ReviewMove =
  | { type: 'decide'; decision: ReviewDecision }
  /** the submitter asks staff to look again at a rejection */
  | { type: 'appeal' }
  /** the submitter sends a changed version after staff asked for changes */
  | { type: 'resubmit' };

/** Why a move is refused, as the error code a client sees. */
export type ReviewRefusal = 'REVIEW_ALREADY_DECIDED' | 'REVIEW_APPEAL_REFUSED' | 'REVIEW_RESUBMIT_REFUSED';

export type ReviewMoveResult = { ok: true; status: ReviewStatus; appealed: boolean } | { ok: false; refusal: ReviewRefusal };

const DECIDED_STATUS: Record<ReviewDecision, ReviewStatus> = {
  approve: 'approved',
  reject: 'rejected',
  request_changes: 'changes_requested',
};

/** The state after `move`, or why it is refused. */
export function applyReviewMove(state: ReviewState, move: ReviewMove): ReviewMoveResult {
  switch (move.type) {
    case 'decide':
      // Only a waiting item is decided: a second decision (two staff at once) is refused.
      if (state.status !== 'pending') return { ok: false, refusal: 'REVIEW_ALREADY_DECIDED' };
      return { ok: true, status: DECIDED_STATUS[move.decision], appealed: state.appealed };
    case 'appeal':
      // One appeal per item, and only against a rejection.
      if (state.status !== 'rejected' || state.appealed) return { ok: false, refusal: 'REVIEW_APPEAL_REFUSED' };
      return { ok: true, status: 'pending', appealed: true };
    case 'resubmit':
      if (state.status !== 'changes_requested') return { ok: false, refusal: 'REVIEW_RESUBMIT_REFUSED' };
      return { ok: true, status: 'pending', appealed: state.appealed };
  }
}

/** Whether a rejection needs a reason code (it does) and the others refuse one. */
export function decisionTakesReason(decision: ReviewDecision): boolean {
  return decision === 'reject';
}
