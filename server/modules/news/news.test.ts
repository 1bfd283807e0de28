import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../catalog/seed-catalog';
import { competitions } from '../../db/schema/competitions';
import { storedFiles } from '../../db/schema/stored-files';
import { teams } from '../../db/schema/teams';
import { createDiskStorage } from '../../storage/disk-storage';
import { loadFileLinkSecret } from '../../storage/file-links';
import { recordStoredFiles } from '../../storage/stored-files';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { insertMatches } from '../../test-support/match-centre-data';
import { createTestUser } from '../../test-support/users';
import { buildTestApp } from '../points/points-test-support';
import { newsArticles } from './schema';

type User = { id: number; nickname: string; token: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Staff = { uuid: string; status: string; release_date: string | null; path: string | null; translations: Record<string, { title: string; body_html: string }>; tags: { type: string; id: number; name: string }[]; updated_by: number; cover_keys: string[] | null };


/**
 * XML 1.0 well-formedness as far as these documents go (the project has no XML parser; the
 * journey also parses them in Chromium): one declaration, every tag closed in order, attribute
 * values quoted, only the five named entities or character references, no bare < or &.
 */
function wellFormed(xml: string): boolean {
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  if (body.includes('<?') || /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(body)) return false;
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|<|>/g;
  let roots = 0;
  for (const match of body.matchAll(token)) {
    if (match[0] === '<' ) return false;
    if (match[0] === '>') continue;
    const [, closing, name, , selfClosing] = match;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name!);
    } else if (stack.length === 0) roots++;
  }
  return stack.length === 0 && roots === 1;
}
const XMLValidator = { validate: wellFormed };
const tagTexts = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);

const DAY_MS = 86_400_000;
const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '"><iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">p</p>',
  '<img src="https://evil.example/pixel.gif">',
  '<a href="//evil.example">x</a>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '</script><script>alert(1)</script>',
];

describe.each(TEST_DATABASE_KINDS)('sports news on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  let app: FastifyInstance;
  let staff: User;
  let fan: User;
  let teamId: number;
  let otherTeamId: number;
  let competitionId: number;
  let basketballTeamId: number;
  const matchId = 9_100_001;
  let root = '';

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'tribun-news-'));
    const uploads = { storage: createDiskStorage({ root }), video: null, db: db() };
    app = await buildTestApp(db(), { files: { uploads, linkSecret: await loadFileLinkSecret(db()) } });
    await seedCatalog(db());
    staff = await createTestUser(db(), { role: 'staff' });
    fan = await createTestUser(db());
    const [one, two] = await db().select({ id: teams.id }).from(teams).where(eq(teams.sport, 'football')).limit(2);
    const [basket] = await db().select({ id: teams.id }).from(teams).where(eq(teams.sport, 'basketball')).limit(1);
    const [competition] = await db().select({ id: competitions.id }).from(competitions).where(eq(competitions.sport, 'football')).limit(1);
    teamId = one!.id;
    otherTeamId = two!.id;
    basketballTeamId = basket!.id;
    competitionId = competition!.id;
    await insertMatches(db(), [{ id: matchId, competitionId, home: teamId, away: otherTeamId, time: Math.floor(Date.now() / 1000) + 3600 }]);
  });
  afterAll(async () => {
    await app?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  async function call(method: Method, url: string, user: User | null, body?: unknown, language = 'en') {
    const response = await app.inject({
      method,
      url,
      headers: { language, ...(user ? { token: user.token } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : null;
    return { status: response.statusCode, body: json, text: response.body, headers: response.headers };
  }

  const translation = (title: string) => ({ title, summary: `${title} — summary`, body: `<h2>${title}</h2><p>Words of ${title}.</p>` });
  const article = (extra: Record<string, unknown> = {}) => ({
    sport: 'football',
    type: 'transfer',
    tags: [{ type: 'team', id: teamId }],
    translations: { tr: translation('Transfer haberi'), en: translation('Transfer news'), zh: translation('转会新闻') },
    ...extra,
  });

  async function create(body: Record<string, unknown> = article()): Promise<Staff> {
    const answer = await call('POST', '/api/staff/news/articles', staff, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as Staff;
  }
  async function publish(uuid: string): Promise<Staff> {
    const answer = await call('POST', `/api/staff/news/articles/${uuid}/publish`, staff);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as Staff;
  }

  it('links three translations of one article and shows each language its own, with every version named', async () => {
    const draft = await create();
    expect(draft.status).toBe('draft');
    expect(Object.keys(draft.translations).sort()).toEqual(['en', 'tr', 'zh']);
    expect(draft.updated_by).toBe(staff.id);
    expect(draft.path).toBeNull();
    const published = await publish(draft.uuid);
    expect(published.release_date).toBe(new Date().toISOString().slice(0, 10));
    expect(published.path).toBe(`/sports/transfer/${published.release_date}/${draft.uuid}`);
    for (const [locale, title] of [['tr', 'Transfer haberi'], ['en', 'Transfer news'], ['zh', '转会新闻']] as const) {
      const answer = await call('GET', `/api/news/articles/${draft.uuid}?locale=${locale}`, null);
      expect(answer.status).toBe(200);
      expect(answer.body.data.kind).toBe('article');
      expect(answer.body.data.article.title).toBe(title);
      expect(answer.body.data.article.locales).toEqual(['tr', 'en', 'zh']);
      expect(answer.body.data.article.tags).toEqual([expect.objectContaining({ type: 'team', id: teamId })]);
    }
  });

  it('keeps drafts and unpublished articles out of every public read (404 like a missing one)', async () => {
    const draft = await create(article({ type: 'analysis' }));
    const missing = await call('GET', '/api/news/articles/00000000-0000-4000-8000-000000000000', null);
    const hidden = await call('GET', `/api/news/articles/${draft.uuid}`, null);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    const list = await call('GET', '/api/news/articles?locale=en&type=analysis', null);
    expect(list.body.data.list.map((card: { uuid: string }) => card.uuid)).not.toContain(draft.uuid);

    await publish(draft.uuid);
    expect((await call('GET', `/api/news/articles/${draft.uuid}`, null)).status).toBe(200);
    const again = await call('GET', '/api/news/articles?locale=en&type=analysis', null);
    expect(again.body.data.list.map((card: { uuid: string }) => card.uuid)).toContain(draft.uuid);

    const off = await call('POST', `/api/staff/news/articles/${draft.uuid}/unpublish`, staff);
    expect(off.status).toBe(200);
    expect(off.body.data.status).toBe('draft');
    expect((await call('GET', `/api/news/articles/${draft.uuid}`, null)).status).toBe(404);
    // published again, it keeps its first release date (its address does not move)
    const back = await publish(draft.uuid);
    expect(back.release_date).toBe(off.body.data.release_date);
  });

  it('answers a language the article is not written in with the languages it is', async () => {
    const only = await create(article({ translations: { en: translation('English only') } }));
    await publish(only.uuid);
    const answer = await call('GET', `/api/news/articles/${only.uuid}?locale=tr`, null);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ kind: 'untranslated', locales: ['en'], titles: { en: 'English only' } });
    const list = await call('GET', '/api/news/articles?locale=tr&size=50', null);
    expect(list.body.data.list.map((card: { uuid: string }) => card.uuid)).not.toContain(only.uuid);
  });

  it('lets only staff write: 401 signed out, 403 for a fan, nothing written', async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(newsArticles);
    const existing = await create();
    for (const [method, url, body] of [
      ['POST', '/api/staff/news/articles', article()],
      ['PUT', `/api/staff/news/articles/${existing.uuid}`, article()],
      ['POST', `/api/staff/news/articles/${existing.uuid}/publish`, undefined],
      ['POST', `/api/staff/news/articles/${existing.uuid}/unpublish`, undefined],
      ['GET', '/api/staff/news/articles', undefined],
      ['GET', `/api/staff/news/articles/${existing.uuid}`, undefined],
      ['POST', '/api/staff/news/uploads', undefined],
    ] as const) {
      expect((await call(method, url, null, body)).status, `${method} ${url}`).toBe(401);
      expect((await call(method, url, fan, body)).status, `${method} ${url}`).toBe(403);
    }
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(newsArticles);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    expect((await call('GET', `/api/news/articles/${existing.uuid}`, null)).status).toBe(404);
  });

  it('refuses bad input with a translated message and writes nothing', async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(newsArticles);
    const cases: [Record<string, unknown>, string][] = [
      [article({ translations: {} }), 'Please write the article in at least one language'],
      [article({ type: 'gossip' }), 'Please choose a type from the list'],
      [article({ tags: [{ type: 'team', id: 2_000_000_000 }] }), 'A tagged match, team or competition was not found for this sport'],
      [article({ tags: [{ type: 'team', id: basketballTeamId }] }), 'A tagged match, team or competition was not found for this sport'],
      [article({ tags: [{ type: 'player', id: 1 }] }), 'The tag is not valid'],
      [article({ translations: { en: { ...translation('x'), title: '' } } }), 'Please write a title'],
      [article({ translations: { en: { ...translation('x'), title: 'a\u0007b' } } }), ''],
      [article({ translations: { en: { ...translation('x'), title: 'x'.repeat(161) } } }), 'The title can be at most 160 characters long'],
      [article({ translations: { en: { ...translation('x'), body: '<script>only code</script>' } } }), 'Please write the article'],
      [article({ cover: { keys: ['public/nope/w1280.webp'] } }), 'The cover picture could not be found; please upload it again'],
      [article({ cover: { keys: ['../../etc/passwd'] } }), 'The cover picture could not be found; please upload it again'],
    ];
    for (const [body, message] of cases) {
      const answer = await call('POST', '/api/staff/news/articles', staff, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(answer.body), JSON.stringify(body)).toContain(message);
    }
    for (const garbage of [null, 'x', [], { sport: 'tennis' }, { ...article(), tags: 'team' }]) {
      expect((await call('POST', '/api/staff/news/articles', staff, garbage)).status).toBeLessThan(500);
    }
    expect((await call('GET', '/api/news/articles/not-a-uuid', null)).status).toBe(404);
    expect((await call('PUT', '/api/staff/news/articles/not-a-uuid', staff, article())).status).toBe(404);
    expect((await call('GET', '/api/news/articles?cursor=abc', null)).status).toBe(400);
    expect((await call('GET', '/api/news/articles?locale=fr', null)).status).toBe(400);
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(newsArticles);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('checks tag ids and finds an article by each of its tags', async () => {
    const tagged = await create(article({ tags: [{ type: 'team', id: otherTeamId }, { type: 'competition', id: competitionId }, { type: 'match', id: matchId }, { type: 'match', id: matchId }] }));
    expect(tagged.tags.map((tag) => tag.type).sort()).toEqual(['competition', 'match', 'team']);
    await publish(tagged.uuid);
    for (const [type, id] of [['team', otherTeamId], ['competition', competitionId], ['match', matchId]] as const) {
      const list = await call('GET', `/api/news/articles?locale=en&tag_type=${type}&tag_id=${id}`, null);
      expect(list.body.data.list.map((card: { uuid: string }) => card.uuid), `${type} ${id}`).toContain(tagged.uuid);
    }
  });

  it('edits in place: a language left out is removed, the cover is claimed once and released when changed', async () => {
    const keys = [`public/newscover${kind}/w1280.webp`, `public/newscover${kind}/w320.webp`];
    await recordStoredFiles(db(), keys.map((key) => ({ key, ownerId: staff.id, contentType: 'image/webp', size: 10 })), { now: new Date() });
    const first = await create(article({ cover: { keys } }));
    expect(first.cover_keys).toEqual(keys);
    // another staff member's edit: their id is recorded
    const editor = await createTestUser(db(), { role: 'staff' });
    const edited = await call('PUT', `/api/staff/news/articles/${first.uuid}`, editor, article({ cover: { keys }, translations: { en: translation('Only English now') } }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(Object.keys(edited.body.data.translations)).toEqual(['en']);
    expect(edited.body.data.updated_by).toBe(editor.id);
    const dropped = await call('PUT', `/api/staff/news/articles/${first.uuid}`, editor, article({ cover: null }));
    expect(dropped.status).toBe(200);
    expect(dropped.body.data.cover_keys).toBeNull();
    const rows = await db().select({ claimedAt: storedFiles.claimedAt }).from(storedFiles).where(sql`${storedFiles.key} in ${keys}`);
    expect(rows.every((row) => row.claimedAt === null)).toBe(true);
    // released keys are the uploader's again; a key claimed by an article cannot be taken by another
    expect((await call('PUT', `/api/staff/news/articles/${first.uuid}`, editor, article({ cover: { keys } }))).status).toBe(400);
    expect((await call('PUT', `/api/staff/news/articles/${first.uuid}`, staff, article({ cover: { keys } }))).status).toBe(200);
    expect((await call('POST', '/api/staff/news/articles', staff, article({ cover: { keys } }))).status).toBe(400);
  });

  it('takes a cover through the upload pipeline: staff only, a picture re-encoded, served to readers', async () => {
    const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a6' } }).png().toBuffer();
    const boundary = 'newsboundary';
    const form = (bytes: Buffer, type = 'image/png') => ({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\nContent-Type: ${type}\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    const send = (user: User | null, bytes: Buffer) => {
      const body = form(bytes);
      return app.inject({ method: 'POST', url: '/api/staff/news/uploads', headers: { ...body.headers, language: 'en', ...(user ? { token: user.token } : {}) }, payload: body.payload });
    };
    expect((await send(fan, picture)).statusCode).toBe(403);
    expect((await send(staff, Buffer.from('<script>alert(1)</script>'))).statusCode).toBeGreaterThanOrEqual(400);
    const stored = await send(staff, picture);
    expect(stored.statusCode, stored.body).toBe(200);
    const keys = (stored.json() as { data: { keys: string[]; preview_key: string } }).data.keys;
    expect(keys[0]).toMatch(/^public\/[A-Za-z0-9_-]+\/w1280\.webp$/);
    const created = await create(article({ cover: { keys } }));
    const published = await publish(created.uuid);
    const card = await call('GET', `/api/news/articles/${published.uuid}?locale=en`, null);
    expect(card.body.data.article.cover_keys).toEqual(keys);
    const file = await app.inject({ method: 'GET', url: `/files/${keys[0]}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
  });

  it('keeps XSS out of titles, summaries and bodies', async () => {
    const payload = XSS.join('\n');
    const answer = await call('POST', '/api/staff/news/articles', staff, article({
      translations: { en: { title: XSS[1]!, summary: XSS.slice(0, 3).join(' '), body: `<h2>Heading</h2><p><strong>bold</strong> <a href="/team/1">team</a> <a href="https://example.com/a">out</a></p><img src="/files/public/abc/w1280.webp" alt="cover" onerror="alert(1)">${payload}` } },
    }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const html = answer.body.data.translations.en.body_html as string;
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="/team/1">team</a>');
    expect(html).toContain('<a href="https://example.com/a" rel="noopener">out</a>');
    expect(html).toContain('<img src="/files/public/abc/w1280.webp" alt="cover" loading="lazy" />');
    for (const bad of ['<script', 'onerror', 'onload', 'onclick', 'javascript:', '<iframe', '<svg', 'evil.example', 'style=']) expect(html).not.toContain(bad);
    await publish(answer.body.data.uuid);
    const rss = await call('GET', '/en/sports/rss.xml', null);
    expect(XMLValidator.validate(rss.text)).toBe(true);
    expect(rss.text).not.toContain('<img src=x');
    expect(rss.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('lists only the last two days in the news sitemap, and the feeds are valid RSS 2.0 per language', async () => {
    const fresh = await publish((await create(article({ translations: { tr: translation('Taze & <yeni>'), en: translation('Fresh "news"') } }))).uuid);
    const old = await create(article({ translations: { tr: translation('Eski haber'), en: translation('Old news') } }));
    await publish(old.uuid);
    await db().update(newsArticles).set({ releasedAt: new Date(Date.now() - 3 * DAY_MS) }).where(eq(newsArticles.uuid, old.uuid));

    const sitemap = await call('GET', '/news-sitemap.xml', null);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(XMLValidator.validate(sitemap.text)).toBe(true);
    const locs = tagTexts(sitemap.text, 'loc');
    expect(locs.some((loc) => loc.endsWith(`/sports/transfer/${fresh.release_date}/${fresh.uuid}`) && !loc.includes('/en/'))).toBe(true);
    expect(locs.some((loc) => loc.endsWith(`/en/sports/transfer/${fresh.release_date}/${fresh.uuid}`))).toBe(true);
    expect(locs.some((loc) => loc.includes(old.uuid))).toBe(false);
    expect(sitemap.text).not.toContain(old.uuid);
    for (const date of tagTexts(sitemap.text, 'news:publication_date')) expect(Date.now() - Date.parse(date)).toBeLessThanOrEqual(2 * DAY_MS);
    expect(tagTexts(sitemap.text, 'news:language').sort()).toEqual(expect.arrayContaining(['en', 'tr']));
    expect(sitemap.text).toContain('<news:title>Taze &amp; &lt;yeni&gt;</news:title>');

    for (const prefix of ['', '/en', '/zh']) {
      const rss = await call('GET', `${prefix}/sports/rss.xml`, null);
      expect(rss.status).toBe(200);
      expect(rss.headers['content-type']).toContain('application/rss+xml');
      expect(XMLValidator.validate(rss.text), prefix).toBe(true);
      expect(rss.text).toContain('<rss version="2.0"');
      for (const date of tagTexts(rss.text, 'pubDate')) expect(Number.isNaN(Date.parse(date))).toBe(false);
    }
    const en = await call('GET', '/en/sports/rss.xml', null);
    expect(en.text).toContain('<title>Fresh &quot;news&quot;</title>');
    expect(en.text).not.toContain('Taze');
  });
});
