import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { seedCatalog } from '../../catalog/seed-catalog';
import { matches } from '../../db/schema/matches';
import { createMatchWrites } from '../matches/match-writes';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createSiteOrigin } from '../../http/site-origin';
import { seoRoutes } from './seo.routes';

const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);
const NOW_SEC = NOW_MS / 1000;
const DAY = 86_400;

describe.each(TEST_DATABASE_KINDS)('sitemap and robots on %s', (kind) => {
  const database = useTestDatabase(kind);

  async function build(options: { publicUrl?: string } = {}) {
    const db = database.current.db;
    await seedCatalog(db);
    const sink = createMatchWrites({ db, publish: async () => {}, now: () => NOW_MS });
    await sink.upsertFixtures([
      // today, six days ago (in the lists' window), and forty days ago (outside it)
      { matchId: 9_000_001, sport: 'football', competitionId: 1, homeTeamId: 7, awayTeamId: 6, matchTime: NOW_SEC - 3600 },
      { matchId: 9_000_002, sport: 'basketball', competitionId: 101, homeTeamId: 1014, awayTeamId: 1002, matchTime: NOW_SEC - 6 * DAY },
      { matchId: 9_000_003, sport: 'football', competitionId: 2, homeTeamId: 20, awayTeamId: 21, matchTime: NOW_SEC - 40 * DAY },
      // a simulated match today: its page is noindex, so the sitemap leaves it out
      { matchId: 9_000_004, sport: 'football', competitionId: 1, homeTeamId: 8, awayTeamId: 9, matchTime: NOW_SEC - 1800 },
    ]);
    // The first two are real: an imported result and a replay (the simulator writes no external key).
    await db.update(matches).set({ externalKey: 'openfootball:tr.1:2026-27:Matchday 1:A:B' }).where(eq(matches.id, 9_000_001));
    await db.update(matches).set({ externalKey: 'replay:9000002' }).where(eq(matches.id, 9_000_002));
    const app = Fastify();
    await app.register(seoRoutes, { db, now: () => NOW_MS, siteOrigin: createSiteOrigin({ ...options, allowLoopback: true }) });
    await app.ready();
    return app;
  }

  it('lists the public pages, competitions, teams and the window’s real matches once per language with their alternates', async () => {
    const app = await build({ publicUrl: 'https://tribun.example/' });
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = response.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ['', '/football', '/basketball', '/competition/1', '/team/7', '/football/Details/9000001', '/basketball/Details/9000002']) {
      expect(locs).toContain(`https://tribun.example${path === '' ? '/' : path}`);
      expect(locs).toContain(`https://tribun.example/en${path}`);
      expect(locs).toContain(`https://tribun.example/zh${path}`);
    }
    expect(locs.some((loc) => loc?.includes('9000003'))).toBe(false);
    // Competitions with matches are listed (competition 2's is old, still a page with results);
    // the catalogue's others have none yet (the World Cup, 201, before any import) and are not.
    expect(locs).toContain('https://tribun.example/competition/2');
    expect(locs).toContain('https://tribun.example/competition/101');
    expect(locs.filter((loc) => loc?.startsWith('https://tribun.example/competition/'))).toHaveLength(3);
    expect(locs.some((loc) => loc?.includes('9000004'))).toBe(false);
    // The simulated match's teams still have their (real) team pages.
    expect(locs).toContain('https://tribun.example/team/8');
    expect(locs.some((loc) => loc?.includes('personal-center') || loc?.includes('/staff') || loc?.includes('/login'))).toBe(false);
    // Each entry names every language version and the default.
    const entry = /<url><loc>https:\/\/tribun\.example\/en\/football<\/loc>.*?<\/url>/.exec(xml)?.[0] ?? '';
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="tr" href="https://tribun.example/football"/>');
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="zh" href="https://tribun.example/zh/football"/>');
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://tribun.example/football"/>');
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('tells crawlers what to leave alone in every language and where the sitemap is', async () => {
    const app = await build();
    const response = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'localhost:3000' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /personal-center/',
        'Disallow: /en/personal-center/',
        'Disallow: /zh/personal-center/',
        'Disallow: /staff',
        'Disallow: /zh/staff',
        'Sitemap: http://localhost:3000/sitemap.xml',
      ]),
    );
    expect(lines).not.toContain('Disallow: /football');
  });
});
