import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the server makes for itself at its first start and keeps across restarts (decision
 * 099): today the simulator's secret, from which every simulated match is drawn. Never logged,
 * never answered by any API; `value` is base64 of random bytes.
 */
export const siteSecrets = pgTable('site_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
