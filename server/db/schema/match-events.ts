import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { matches } from './matches';

/** Entries of the section 3 event catalogue (0 goal, 1 corner, 2 yellow card, ...) per match. */
export const matchEvents = pgTable(
  'match_events',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    minute: integer('minute').notNull(),
    side: text('side').$type<'home' | 'away'>(),
    player: text('player'),
    /** the second player of an event: who came on (substitution), who assisted (goal) */
    relatedPlayer: text('related_player'),
    /** minutes of added time (45+2 is minute 45, addedMinute 2) */
    addedMinute: integer('added_minute'),
    /** what a VAR review or a penalty decided, in the catalogue's words ("goal", "no goal", "penalty"…) */
    detail: text('detail'),
    /** the provider's number of the event within its match; a re-sent event is stored once */
    seq: integer('seq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('match_events_match_id_idx').on(table.matchId),
    uniqueIndex('match_events_match_id_seq_idx').on(table.matchId, table.seq),
  ],
);
