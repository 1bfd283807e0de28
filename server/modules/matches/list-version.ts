import { eq, sql } from 'drizzle-orm';
import type { Sport } from '../../../core/contracts/matches';
import type { Db, DbTransaction } from '../../db/client';
import { matchListVersions } from '../../db/schema/match-list-versions';

/**
 * Every writer of matches calls this inside its transaction. The row lock it takes orders
 * concurrent writers, so a reader that saw version N is sure to see N+1 or more once any later
 * change commits — cached lists are never kept past a change.
 */
export async function bumpListVersion(tx: Db | DbTransaction, sport: Sport): Promise<void> {
  await tx
    .insert(matchListVersions)
    .values({ sport, version: 1 })
    .onConflictDoUpdate({ target: matchListVersions.sport, set: { version: sql`${matchListVersions.version} + 1` } });
}

export async function readListVersion(db: Db, sport: Sport): Promise<number> {
  const [row] = await db
    .select({ version: matchListVersions.version })
    .from(matchListVersions)
    .where(eq(matchListVersions.sport, sport));
  return row?.version ?? 0;
}

/**
 * Every sport's counter in one read ({ basketball: 7, football: 42 }; a sport never written is
 * absent, which reads as 0). Pages kept whole (the anonymous page cache) compare them.
 */
export async function readListVersions(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ sport: matchListVersions.sport, version: matchListVersions.version }).from(matchListVersions);
  return Object.fromEntries(rows.map((row) => [row.sport, row.version]));
}
