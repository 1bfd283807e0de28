import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every file the upload pipeline stores, one row per key (docs/decisions/132). The row is written
 * before the bytes are, so no stored file is ever unknown here. A feature claims the keys it keeps
 * in the same transaction as its own row (`claimed_at`); a key still unclaimed after the grace
 * period — a crash between storing and the feature's write, a form never sent — is removed from
 * the store and from this table by the `stored-files-sweep` job.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    /** the store's key: `public|private/<id>/<variant>.<ext>` */
    key: text('key').primaryKey(),
    /** who uploaded it; null for a file the server stored for itself */
    ownerId: integer('owner_id').references(() => users.id),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** when a feature took it (null: not yet, or released again) */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (table) => [
    // the sweep's question: the oldest unclaimed keys
    index('stored_files_unclaimed_idx').on(table.createdAt).where(sql`${table.claimedAt} is null`),
    index('stored_files_owner_idx').on(table.ownerId),
  ],
);
