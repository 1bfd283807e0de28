import { describe, expect, it } from 'vitest';
import { applyReviewMove, decisionTakesReason, REVIEW_STATUSES, type ReviewMove, type ReviewState } from './transitions';

const fresh: ReviewState = { status: 'pending', appealed: false };

describe('review moves', () => {
  it('decides a pending item into each decided status', () => {
    expect(applyReviewMove(fresh, { type: 'decide', decision: 'approve' })).toEqual({ ok: true, status: 'approved', appealed: false });
    expect(applyReviewMove(fresh, { type: 'decide', decision: 'reject' })).toEqual({ ok: true, status: 'rejected', appealed: false });
    expect(applyReviewMove(fresh, { type: 'decide', decision: 'request_changes' })).toEqual({ ok: true, status: 'changes_requested', appealed: false });
    // an appealed item back in the queue is decided again, and stays appealed
    expect(applyReviewMove({ status: 'pending', appealed: true }, { type: 'decide', decision: 'approve' })).toEqual({ ok: true, status: 'approved', appealed: true });
  });

  it('refuses a second decision on every decided status', () => {
    for (const status of ['approved', 'rejected', 'changes_requested'] as const) {
      for (const decision of ['approve', 'reject', 'request_changes'] as const) {
        expect(applyReviewMove({ status, appealed: false }, { type: 'decide', decision })).toEqual({ ok: false, refusal: 'REVIEW_ALREADY_DECIDED' });
      }
    }
  });

  it('lets a rejection be appealed once, back to pending', () => {
    const appealed = applyReviewMove({ status: 'rejected', appealed: false }, { type: 'appeal' });
    expect(appealed).toEqual({ ok: true, status: 'pending', appealed: true });
    // rejected again after the appeal: no second appeal
    const again = applyReviewMove({ status: 'pending', appealed: true }, { type: 'decide', decision: 'reject' });
    expect(again).toEqual({ ok: true, status: 'rejected', appealed: true });
    expect(applyReviewMove({ status: 'rejected', appealed: true }, { type: 'appeal' })).toEqual({ ok: false, refusal: 'REVIEW_APPEAL_REFUSED' });
  });

  it('refuses an appeal of anything but a rejection', () => {
    for (const status of ['pending', 'approved', 'changes_requested'] as const) {
      for (const appealed of [false, true]) {
        expect(applyReviewMove({ status, appealed }, { type: 'appeal' })).toEqual({ ok: false, refusal: 'REVIEW_APPEAL_REFUSED' });
      }
    }
  });

  it('puts a changed version back in the queue only after changes were asked', () => {
    expect(applyReviewMove({ status: 'changes_requested', appealed: false }, { type: 'resubmit' })).toEqual({ ok: true, status: 'pending', appealed: false });
    expect(applyReviewMove({ status: 'changes_requested', appealed: true }, { type: 'resubmit' })).toEqual({ ok: true, status: 'pending', appealed: true });
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      expect(applyReviewMove({ status, appealed: false }, { type: 'resubmit' })).toEqual({ ok: false, refusal: 'REVIEW_RESUBMIT_REFUSED' });
    }
  });

  it('has an answer for every status and move', () => {
    const moves: ReviewMove[] = [
      { type: 'decide', decision: 'approve' },
      { type: 'decide', decision: 'reject' },
      { type: 'decide', decision: 'request_changes' },
      { type: 'appeal' },
      { type: 'resubmit' },
    ];
    let allowed = 0;
    for (const status of REVIEW_STATUSES) {
      for (const appealed of [false, true]) {
        for (const move of moves) if (applyReviewMove({ status, appealed }, move).ok) allowed++;
      }
    }
    // pending: 3 decisions × 2; rejected: 1 appeal; changes_requested: resubmit × 2
    expect(allowed).toBe(9);
  });

  it('asks a reason of a rejection only', () => {
    expect(decisionTakesReason('reject')).toBe(true);
    expect(decisionTakesReason('approve')).toBe(false);
    expect(decisionTakesReason('request_changes')).toBe(false);
  });
});
