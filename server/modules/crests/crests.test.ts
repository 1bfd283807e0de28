import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../catalog/catalog';
import { seedCatalog } from '../../catalog/seed-catalog';
import { buildMatchesTestApp } from '../../test-support/app';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { crestInitials } from './crest-svg';

describe('crestInitials', () => {
  it('takes the initials of several words, the first letters of one, and keeps short codes', () => {
    expect(crestInitials('Man United')).toBe('MU');
    expect(crestInitials('Galatasaray')).toBe('GAL');
    expect(crestInitials('PSG')).toBe('PSG');
    expect(crestInitials("Nott'm Forest")).toBe('NMF');
    expect(crestInitials('76ers')).toBe('76E');
  });
});

describe.each(TEST_DATABASE_KINDS)('crests on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  const superLig = () => loadCatalog().competitions.find((competition) => competition.id === 1);
  const galatasaray = () => superLig()?.teams.find((team) => team.name === 'Galatasaray');

  beforeAll(async () => {
    await seedCatalog(database.current.db);
    app = await buildMatchesTestApp({ db: database.current.db });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("draws a team's shield in its colours with its initials, cacheable for a long time", async () => {
    const team = galatasaray();
    const response = await app.inject({ method: 'GET', url: `/crests/team/${team?.id}.svg` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/max-age=2592000/);
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(response.body).toContain('<title>Galatasaray</title>');
    expect(response.body).toContain(`fill="${team?.colors[0]}"`);
    expect(response.body).toContain('>GAL</text>');
  });

  it('answers 304 when the browser already holds the same crest', async () => {
    const url = `/crests/team/${galatasaray()?.id}.svg`;
    const first = await app.inject({ method: 'GET', url });
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it("draws a competition's badge", async () => {
    const response = await app.inject({ method: 'GET', url: '/crests/competition/1.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<circle');
    expect(response.body).toContain('>TSL</text>');
  });

  it.each(['/crests/team/999999.svg', '/crests/team/abc.svg', '/crests/competition/0.svg'])(
    'answers 404 JSON for %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { language: 'en' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: 'Crest not found', data: { error: 'NOT_FOUND' } });
    },
  );
});
