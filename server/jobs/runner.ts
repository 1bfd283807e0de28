import type { Db } from '../db/client';
import { systemClock, type JobClock } from './clock';
import type { DomainEvent, DomainEventType } from './domain-events';
import type { Leadership } from './leader';
import { deliverEvent, enqueueDeliveries, listPendingDeliveries, type DeliveryContext } from './outbox';

/**
 * The job runner (docs/decisions/061-job-runner-and-event-outbox.md). Background work of the
 * server is registered here as named jobs and event subscribers, and runs only while this
 * process leads (server/jobs/leader.ts: the PostgreSQL advisory lock; PGlite always leads).
 * Time comes from an injectable clock, timers included, so tests move it by hand.
 */

export interface JobContext {
  /** the runner's clock when the run began */
  now: Date;
  /** 1 on the first attempt, 2 on the first retry after a failure, … */
  attempt: number;
}

export interface JobDefinition {
  /** unique; appears in logs */
  name: string;
  /** run every `everyMs` after the previous run ended, the first time as soon as this process leads */
  everyMs?: number;
  /**
   * Without `everyMs`: run once as soon as this process leads (the simulator start, the history
   * import). Neither: run only when `trigger(name)` asks.
   */
  runOnLead?: boolean;
  /** must be idempotent: after a failure it runs again, with back-off */
  run(context: JobContext): Promise<void>;
  /** called by `stop()` when the job ran at least once: stops what run started (a feed provider) */
  stop?(): Promise<void>;
}

export type EventHandler<T extends DomainEventType> = (event: DomainEvent<T>, context: DeliveryContext) => Promise<void>;

export interface JobRunner {
  register(job: JobDefinition): void;
  /**
   * Delivers every outbox event of `types` to `handler`, at least once, in event order, on the
   * leading process. `name` is the subscriber's identity and idempotency namespace: keep it
   * stable, since a new name means every past event of its types is delivered to it again.
   * Database work done through `context.tx` commits with the delivery mark (exactly once);
   * anything outside the database uses `context.idempotencyKey`, and notices that must follow
   * the commit (a user's pop-up) go to `context.afterCommit`.
   */
  subscribe<T extends DomainEventType>(name: string, types: readonly T[], handler: EventHandler<T>): void;
  /** makes a job due now (a triggered job, or a scheduled one ahead of time) */
  trigger(name: string): void;
  /** begins: waits for leadership, then runs what is due. Resolves once this process leads (never on a follower). */
  start(): Promise<void>;
  /** resolves after the named job's first successful run */
  completed(name: string): Promise<void>;
  /** runs one pass now — whatever is due — and resolves when it ends */
  runDue(): Promise<void>;
  /** resolves when the pass under way, if any, has ended (after a test advanced the clock) */
  idle(): Promise<void>;
  /** stops timers, waits for the pass under way, then stops the jobs that started something */
  stop(): Promise<void>;
}

export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/** 1 s, 2 s, 4 s, … up to 5 minutes: a broken dependency is not hammered, a blip heals fast. */
export const DEFAULT_BACKOFF: Backoff = { baseMs: 1000, maxMs: 5 * 60_000 };

export function backoffDelay(attempts: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1));
}

interface JobState {
  job: JobDefinition;
  /** when the job is due next; null while it waits for a trigger */
  dueAt: number | null;
  /** failures in a row */
  failures: number;
  hasRun: boolean;
  completed: { promise: Promise<void>; resolve: () => void };
}

interface Subscription {
  name: string;
  types: readonly DomainEventType[];
  handler: EventHandler<DomainEventType>;
  /** after a failure, nothing of this subscriber is tried before this time (keeps event order) */
  pausedUntil: number;
}

export function createJobRunner(options: {
  db: Db;
  leadership: Leadership;
  clock?: JobClock;
  /** how often the leader looks for new outbox events, in ms */
  pollMs?: number;
  backoff?: Backoff;
  onError?: (name: string, error: unknown, attempt: number) => void;
}): JobRunner {
  const { db, leadership } = options;
  const clock = options.clock ?? systemClock;
  const pollMs = options.pollMs ?? 1000;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const onError = options.onError ?? ((name, error) => console.error(`[jobs] ${name} failed`, error));

  const jobs = new Map<string, JobState>();
  const subscriptions = new Map<string, Subscription>();
  let isLeading = false;
  let isStarted = false;
  let isStopped = false;
  let nextPollAt = 0;
  let timer: { cancel(): void } | undefined;
  let running: Promise<void> | undefined;
  let isPassRequested = false;

  function deferred() {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  }

  function firstDueAt(job: JobDefinition, now: number): number | null {
    return job.everyMs !== undefined || job.runOnLead ? now : null;
  }

  function arm(): void {
    timer?.cancel();
    timer = undefined;
    if (!isLeading || isStopped) return;
    const times = [...jobs.values()].map((state) => state.dueAt).filter((at): at is number => at !== null);
    if (subscriptions.size > 0) times.push(nextPollAt);
    // A subscriber held back by a failure is retried when its back-off ends, not at the next poll.
    for (const subscription of subscriptions.values()) if (subscription.pausedUntil > 0) times.push(subscription.pausedUntil);
    if (times.length === 0) return;
    const delay = Math.min(...times) - clock.now();
    // Work due now runs now, not on a timer: a test's manual clock fires timers only when moved.
    if (delay <= 0) void pass();
    else timer = clock.setTimer(() => void pass(), delay);
  }

  async function runJob(state: JobState): Promise<void> {
    const attempt = state.failures + 1;
    try {
      state.hasRun = true;
      await state.job.run({ now: new Date(clock.now()), attempt });
      state.failures = 0;
      state.dueAt = state.job.everyMs !== undefined ? clock.now() + state.job.everyMs : null;
      state.completed.resolve();
    } catch (error) {
      state.failures = attempt;
      state.dueAt = clock.now() + backoffDelay(attempt, backoff);
      onError(state.job.name, error, attempt);
    }
  }

  async function deliver(subscription: Subscription): Promise<void> {
    const now = clock.now();
    if (subscription.pausedUntil > now) return;
    subscription.pausedUntil = 0;
    await enqueueDeliveries(db, { subscriber: subscription.name, types: subscription.types, now: new Date(now) });
    const pending = await listPendingDeliveries(db, { subscriber: subscription.name });
    for (const { event, nextAttemptAt } of pending) {
      if (isStopped) return;
      // Later events wait behind one still in back-off, so a subscriber always sees a match's
      // events in the order they happened (finished before corrected), across restarts too.
      if (nextAttemptAt.getTime() > clock.now()) {
        subscription.pausedUntil = nextAttemptAt.getTime();
        return;
      }
      const result = await deliverEvent(db, {
        subscriber: subscription.name,
        event,
        now: new Date(clock.now()),
        retryAt: (attempts) => new Date(clock.now() + backoffDelay(attempts, backoff)),
        handler: subscription.handler as (event: DomainEvent, context: DeliveryContext) => Promise<void>,
        onAfterCommitError: (error) => onError(`${subscription.name} (event ${event.id}, after commit)`, error, 0),
      });
      if (!result.ok) {
        onError(`${subscription.name} (event ${event.id})`, result.error, 0);
        subscription.pausedUntil = result.retryAt.getTime();
        return;
      }
    }
  }

  async function passOnce(): Promise<void> {
    const now = clock.now();
    for (const state of jobs.values()) {
      if (isStopped) return;
      if (state.dueAt !== null && state.dueAt <= now) await runJob(state);
    }
    const isRetryDue = [...subscriptions.values()].some((subscription) => subscription.pausedUntil > 0 && subscription.pausedUntil <= now);
    if (subscriptions.size > 0 && (nextPollAt <= now || isRetryDue)) {
      nextPollAt = now + pollMs;
      for (const subscription of subscriptions.values()) {
        if (isStopped) return;
        try {
          await deliver(subscription);
        } catch (error) {
          // The outbox itself could not be read (the database is away): try again next poll.
          onError(subscription.name, error, 0);
        }
      }
    }
  }

  function pass(): Promise<void> {
    if (!isLeading || isStopped) return Promise.resolve();
    if (running) {
      // One pass at a time; a request during a pass runs right after it.
      isPassRequested = true;
      return running;
    }
    timer?.cancel();
    timer = undefined;
    running = (async () => {
      do {
        isPassRequested = false;
        await passOnce();
      } while (isPassRequested && !isStopped);
    })().finally(() => {
      running = undefined;
      arm();
    });
    return running;
  }

  return {
    register(job) {
      if (job.everyMs !== undefined && !(job.everyMs > 0)) throw new RangeError(`job ${job.name}: everyMs must be positive`);
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      if (isStarted) throw new Error(`job ${job.name} registered after start`);
      jobs.set(job.name, { job, dueAt: null, failures: 0, hasRun: false, completed: deferred() });
    },
    subscribe(name, types, handler) {
      if (subscriptions.has(name)) throw new Error(`subscriber ${name} is registered twice`);
      if (isStarted) throw new Error(`subscriber ${name} registered after start`);
      subscriptions.set(name, { name, types: [...types], handler: handler as EventHandler<DomainEventType>, pausedUntil: 0 });
    },
    trigger(name) {
      const state = jobs.get(name);
      if (!state) throw new Error(`no job named ${name}`);
      state.dueAt = clock.now();
      if (isLeading && !isStopped) {
        if (running) isPassRequested = true;
        else arm();
      }
    },
    start() {
      if (isStarted) return leadership.acquired.catch(() => undefined);
      isStarted = true;
      return leadership.acquired.then(
        () => {
          if (isStopped) return;
          isLeading = true;
          const now = clock.now();
          for (const state of jobs.values()) state.dueAt ??= firstDueAt(state.job, now);
          nextPollAt = now;
          arm();
        },
        // Stopped before leading: nothing ever ran here.
        () => undefined,
      );
    },
    completed(name) {
      const state = jobs.get(name);
      if (!state) throw new Error(`no job named ${name}`);
      return state.completed.promise;
    },
    runDue: () => pass(),
    idle: () => running ?? Promise.resolve(),
    async stop() {
      isStopped = true;
      timer?.cancel();
      timer = undefined;
      await running;
      for (const state of [...jobs.values()].reverse()) {
        if (state.hasRun && state.job.stop) {
          try {
            await state.job.stop();
          } catch (error) {
            onError(state.job.name, error, 0);
          }
        }
      }
    },
  };
}
