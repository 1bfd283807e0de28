import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/users';

/**
 * Sports news (docs/decisions/144): one article (its uuid, sport, type, cover, tags, status and
 * release) with up to three linked translations. Every row keeps who wrote it last
 * (`updated_by`), whatever audit log the staff console gains.
 */

export const newsArticles = pgTable(
  'news_articles',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').notNull(),
    sport: text('sport').$type<'football' | 'basketball'>().notNull(),
    type: text('type').notNull(),
    status: text('status').$type<'draft' | 'published'>().notNull(),
    /** the cover picture's variant keys (stored_files, claimed by the article), the largest first */
    coverKeys: jsonb('cover_keys').$type<string[]>(),
    /** the first publication: the `{release_date}` of the address, kept when unpublished and published again */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => users.id),
  },
  (table) => [
    uniqueIndex('news_articles_uuid_idx').on(table.uuid),
    index('news_articles_status_released_idx').on(table.status, table.releasedAt, table.id),
    check('news_articles_sport_check', sql`${table.sport} in ('football', 'basketball')`),
    check('news_articles_status_check', sql`${table.status} in ('draft', 'published')`),
    check('news_articles_released_check', sql`${table.status} = 'draft' or ${table.releasedAt} is not null`),
  ],
);

export const newsTranslations = pgTable(
  'news_translations',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => newsArticles.id),
    locale: text('locale').$type<'tr' | 'en' | 'zh'>().notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** sanitised HTML (news/article-html.ts): the only form sent to a browser */
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => users.id),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.locale] }),
    index('news_translations_locale_idx').on(table.locale, table.articleId),
    check('news_translations_locale_check', sql`${table.locale} in ('tr', 'en', 'zh')`),
  ],
);

export const newsArticleTags = pgTable(
  'news_article_tags',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => newsArticles.id),
    tagType: text('tag_type').$type<'match' | 'team' | 'competition'>().notNull(),
    tagId: integer('tag_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.tagType, table.tagId] }),
    index('news_article_tags_tag_idx').on(table.tagType, table.tagId, table.articleId),
    check('news_article_tags_type_check', sql`${table.tagType} in ('match', 'team', 'competition')`),
  ],
);
