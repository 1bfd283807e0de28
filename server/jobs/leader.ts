import pg from 'pg';

/**
 * Background jobs (the feed today; settlement and expiry later) run on exactly one server
 * process at a time. With PostgreSQL the processes elect that one with a session advisory
 * lock held on a dedicated connection; if that process dies, its connection closes, the lock is
 * released and another process takes over within one retry period. PGlite is one process's
 * database, so its process always leads.
 */
const JOBS_LOCK_KEY = 7_301_000_002;

export interface Leadership {
  /** resolves once this process leads */
  acquired: Promise<void>;
  release(): Promise<void>;
}

export function electLeader(options: { databaseUrl?: string; retryMs?: number }): Leadership {
  if (!options.databaseUrl) return { acquired: Promise.resolve(), release: async () => {} };

  const client = new pg.Client({ connectionString: options.databaseUrl });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const acquired = (async () => {
    await client.connect();
    for (;;) {
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [JOBS_LOCK_KEY]);
      if (result.rows[0]?.locked) return;
      if (stopped) throw new Error('stopped before leading');
      await new Promise<void>((resolve) => (timer = setTimeout(resolve, options.retryMs ?? 5000)));
    }
  })();

  return {
    acquired,
    release: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client.end().catch(() => {});
    },
  };
}
