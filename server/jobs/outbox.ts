import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../db/client';
import { domainEvents, eventDeliveries } from '../db/schema/domain-events';
import type { DomainEvent, DomainEventType, NewDomainEvent } from './domain-events';

/**
 * The outbox (docs/decisions/061-job-runner-and-event-outbox.md): writers record events inside
 * their own transaction; the job runner on the leading process hands them to subscribers.
 */

/** Records events in the caller's transaction: they exist exactly when the write commits. */
export async function recordDomainEvents(tx: Db | DbTransaction, events: readonly NewDomainEvent[], occurredAt: Date): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(domainEvents).values(
    events.map((event) => ({
      type: event.type,
      matchId: 'matchId' in event.payload ? event.payload.matchId : null,
      payload: event.payload as unknown as Record<string, unknown>,
      occurredAt,
    })),
  );
}

/** How many events one pass takes up per subscriber: a backlog drains over several passes. */
const BATCH = 100;

/**
 * Gives the subscriber a delivery row for each event of its types it has none for yet. The
 * anti-join (not a "last id seen" cursor) matters: ids are taken at insert but committed in any
 * order, so a cursor could step over an event whose transaction committed late.
 */
export async function enqueueDeliveries(db: Db, options: { subscriber: string; types: readonly DomainEventType[]; now: Date }): Promise<void> {
  const { subscriber, types, now } = options;
  if (types.length === 0) return;
  await db.execute(sql`
    insert into ${eventDeliveries} (subscriber, event_id, next_attempt_at)
    select ${subscriber}, e.id, ${now.toISOString()}::timestamptz
    from ${domainEvents} e
    where e.type in (${sql.join(types.map((type) => sql`${type}`), sql`, `)})
      and not exists (select 1 from ${eventDeliveries} d where d.subscriber = ${subscriber} and d.event_id = e.id)
    order by e.id
    limit ${BATCH}
    on conflict do nothing`);
}

/**
 * The subscriber's undelivered events, oldest first, each with the time of its next attempt.
 * Not filtered by that time: the caller stops at the first one not yet due, so a failed event
 * holds back the later ones and the subscriber sees them in order.
 */
export async function listPendingDeliveries(db: Db, options: { subscriber: string }): Promise<{ event: DomainEvent; nextAttemptAt: Date }[]> {
  const rows = await db
    .select({
      id: domainEvents.id,
      type: domainEvents.type,
      payload: domainEvents.payload,
      occurredAt: domainEvents.occurredAt,
      nextAttemptAt: eventDeliveries.nextAttemptAt,
    })
    .from(eventDeliveries)
    .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.eventId))
    .where(and(eq(eventDeliveries.subscriber, options.subscriber), isNull(eventDeliveries.deliveredAt)))
    .orderBy(asc(eventDeliveries.eventId))
    .limit(BATCH);
  // The rows were written by recordDomainEvents from typed events.
  return rows.map(({ nextAttemptAt, ...event }) => ({ event: event as unknown as DomainEvent, nextAttemptAt }));
}

export interface DeliveryContext {
  /** the subscriber's transaction: work written through it commits together with "delivered" */
  tx: DbTransaction;
  /** unique per subscriber and event: "<subscriber>:<event id>" — the key for effects outside this transaction */
  idempotencyKey: string;
  /** the runner's clock */
  now: Date;
  /** 1 on the first attempt */
  attempt: number;
  /**
   * Runs `effect` once this delivery's transaction has committed (never when it rolls back), so
   * a notice such as a pop-up never announces work the database does not hold. After-commit
   * effects run in the order given; one that fails is reported and does not undo the delivery.
   * At most once: a kill -9 between the commit and the effect loses it (QoS 0 notices only).
   */
  afterCommit(effect: () => Promise<void> | void): void;
}

/**
 * Delivers one event to one subscriber: the handler and the "delivered" mark share one
 * transaction, so database work of the handler happens exactly once even if the process dies at
 * any point (a crash before commit leaves the delivery due; after commit it is marked). The
 * row lock keeps a second process, if one ever delivered at the same moment, from running it
 * twice. Returns false when the handler failed: the failure is recorded with its next attempt.
 */
export async function deliverEvent(
  db: Db,
  options: {
    subscriber: string;
    event: DomainEvent;
    now: Date;
    retryAt: (attempts: number) => Date;
    handler: (event: DomainEvent, context: DeliveryContext) => Promise<void>;
    /** an after-commit effect failed: the delivery stands (it is committed) */
    onAfterCommitError?: (error: unknown) => void;
  },
): Promise<{ ok: true } | { ok: false; error: unknown; retryAt: Date }> {
  const { subscriber, event, now } = options;
  const key = and(eq(eventDeliveries.subscriber, subscriber), eq(eventDeliveries.eventId, event.id));
  // Effects of this attempt, run only once it committed: a failed attempt never runs them.
  const afterCommit: (() => Promise<void> | void)[] = [];
  try {
    await db.transaction(async (tx) => {
      const [delivery] = await tx
        .select({ attempts: eventDeliveries.attempts, deliveredAt: eventDeliveries.deliveredAt })
        .from(eventDeliveries)
        .where(key)
        .for('update');
      if (!delivery || delivery.deliveredAt) return;
      await options.handler(event, {
        tx,
        idempotencyKey: `${subscriber}:${event.id}`,
        now,
        attempt: delivery.attempts + 1,
        afterCommit: (effect) => void afterCommit.push(effect),
      });
      await tx
        .update(eventDeliveries)
        .set({ deliveredAt: now, attempts: delivery.attempts + 1, lastError: null })
        .where(key);
    });
  } catch (error) {
    const [row] = await db.select({ attempts: eventDeliveries.attempts }).from(eventDeliveries).where(key);
    const attempts = (row?.attempts ?? 0) + 1;
    const retryAt = options.retryAt(attempts);
    await db.update(eventDeliveries).set({ attempts, nextAttemptAt: retryAt, lastError: describeError(error) }).where(key);
    return { ok: false, error, retryAt };
  }
  for (const effect of afterCommit) {
    try {
      await effect();
    } catch (error) {
      options.onAfterCommitError?.(error);
    }
  }
  return { ok: true };
}

/** The outbox rows of some types, oldest first (tests and staff tooling read it). */
export async function listDomainEvents<T extends DomainEventType = DomainEventType>(
  db: Db,
  options: { types?: readonly T[]; matchId?: number } = {},
): Promise<DomainEvent<T>[]> {
  const conditions = [
    options.types ? inArray(domainEvents.type, [...options.types]) : undefined,
    options.matchId !== undefined ? eq(domainEvents.matchId, options.matchId) : undefined,
  ].filter((condition) => condition !== undefined);
  const rows = await db
    .select({ id: domainEvents.id, type: domainEvents.type, payload: domainEvents.payload, occurredAt: domainEvents.occurredAt })
    .from(domainEvents)
    .where(and(...conditions))
    .orderBy(asc(domainEvents.id));
  // The rows were written by recordDomainEvents from typed events.
  return rows as unknown as DomainEvent<T>[];
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}
