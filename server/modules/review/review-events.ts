/** What a review decision tells the feature of its kind: enough to act without reading the queue. */
export interface ReviewDecidedEvent {
  reviewId: number;
  kind: string;
  subjectType: string;
  subjectId: number;
  submittedBy: number;
  status: 'approved' | 'rejected' | 'changes_requested';
  /** the rejection's reason code, else null */
  reason: string | null;
  decidedBy: number;
}

declare module '../../jobs/domain-events' {
  interface DomainEventMap {
    /**
     * Staff decided a review item (docs/decisions/134): the feature that registered `kind` learns
     * the decision here and acts on its subject (publishes the post, pays the evidence).
     */
    'review.decided': ReviewDecidedEvent;
  }
}
