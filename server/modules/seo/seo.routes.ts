import { and, eq, exists, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { HISTORY_DAYS, UPCOMING_DAYS } from '../../../core/contracts/match-centre';
import type { Db } from '../../db/client';
import type { SiteOrigin } from '../../http/site-origin';
import { competitions } from '../../db/schema/competitions';
import { matches } from '../../db/schema/matches';
import { isSimulatedMatch } from '../matches/public';
import { buildRobotsTxt, buildSitemapXml, PUBLIC_PAGES, type SitemapPage } from './sitemap';

const DAY_SECONDS = 86_400;
/** A crawler may read the sitemap often; it is built at most this often per origin. */
const SITEMAP_TTL_MS = 10 * 60 * 1000;

export interface SeoRoutesOptions {
  db: Db;
  /** the site's own origin for a request: PUBLIC_URL, or an allowed host (server/http/site-origin.ts) */
  siteOrigin: SiteOrigin;
  now?: () => number;
}

/**
 * The public pages a search engine should know: the site's sections, the page of every
 * competition with at least one match (one with none yet, such as the World Cup before anything
 * is imported or replayed, would be an empty page), every team's page, and the pages of the real (imported or replayed) matches of the days the lists
 * show (the previous 7 days to the next 7) — older matches lose their detail after three months,
 * and simulated matches are not real events, so neither is advertised.
 */
export async function listSitemapPages(db: Db, options: { nowSec: number }): Promise<SitemapPage[]> {
  const today = options.nowSec - (options.nowSec % DAY_SECONDS);
  const from = new Date((today - HISTORY_DAYS * DAY_SECONDS) * 1000);
  const to = new Date((today + (UPCOMING_DAYS + 1) * DAY_SECONDS) * 1000);
  const [competitionRows, matchRows] = await Promise.all([
    db
      .select({ id: competitions.id })
      .from(competitions)
      .where(exists(db.select({ one: sql`1` }).from(matches).where(eq(matches.competitionId, competitions.id))))
      .orderBy(competitions.id),
    db
      .select({
        id: matches.id,
        sport: matches.sport,
        homeTeamId: matches.homeTeamId,
        awayTeamId: matches.awayTeamId,
        updatedAt: matches.updatedAt,
        externalKey: matches.externalKey,
      })
      .from(matches)
      .where(and(gte(matches.matchTime, from), lt(matches.matchTime, to)))
      .orderBy(matches.matchTime, matches.id),
  ]);
  // Teams with a match in the window, and every team that played in a season we hold.
  const [seasonHomes, seasonAways] = await Promise.all([
    db.selectDistinct({ id: matches.homeTeamId }).from(matches).where(isNotNull(matches.seasonId)),
    db.selectDistinct({ id: matches.awayTeamId }).from(matches).where(isNotNull(matches.seasonId)),
  ]);
  const teamIds = new Set<number>();
  for (const row of matchRows) {
    teamIds.add(row.homeTeamId);
    teamIds.add(row.awayTeamId);
  }
  for (const row of [...seasonHomes, ...seasonAways]) teamIds.add(row.id);

  return [
    ...PUBLIC_PAGES,
    ...competitionRows.map((row) => ({ path: `/competition/${row.id}`, changeFrequency: 'daily' as const })),
    ...[...teamIds].sort((a, b) => a - b).map((id) => ({ path: `/team/${id}`, changeFrequency: 'daily' as const })),
    // Simulated matches' pages are noindex (docs/decisions/090-pages-that-agree.md): only real ones are advertised.
    ...matchRows.filter((row) => !isSimulatedMatch(row)).map((row) => ({
      path: `/${row.sport}/Details/${row.id}`,
      lastModified: row.updatedAt,
      changeFrequency: 'hourly' as const,
    })),
  ];
}

export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const cache = new Map<string, { body: string; builtAtMs: number }>();

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = options.siteOrigin(request);
    const cached = cache.get(origin);
    let body = cached && now() - cached.builtAtMs < SITEMAP_TTL_MS ? cached.body : null;
    if (body === null) {
      const pages = await listSitemapPages(options.db, { nowSec: Math.floor(now() / 1000) });
      body = buildSitemapXml({ origin, pages });
      // A handful of origins at most (the allowed hosts); never let the map grow unbounded.
      if (cache.size > 8) cache.clear();
      cache.set(origin, { body, builtAtMs: now() });
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(buildRobotsTxt({ origin: options.siteOrigin(request) })),
  );
};
