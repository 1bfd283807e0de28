import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityEndpoints } from '../../../core/contracts/community';
import { communityReportEndpoints } from '../../../core/contracts/community-reports';
import type { Endpoint } from '../../../core/contracts/endpoints';
import { bloggerEndpoints } from '../../../core/contracts/bloggers';
import { communityModerationEndpoints } from '../../../core/contracts/community-moderation';
import { newsEndpoints } from '../../../core/contracts/news';
import { socialEndpoints } from '../../../core/contracts/social';
import { users } from '../../db/schema/users';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { buildTestApp } from '../points/points-test-support';
import { communityPosts } from './schema';

/**
 * The community's and social graph's access matrix (issue 25): three fans and staff against every
 * endpoint. Ana owns the content; Bora is another fan; Cem is blocked by Ana; staff use the fan
 * routes like anyone and their own only where named. Writes without an account are 401; another's
 * post or comment is 403 where the reader may see it; anything the reader may not see (waiting,
 * hidden, deleted, across a block) is 404 with the body of a missing id, byte for byte; another's
 * saved posts and blocks are 403 to everyone, staff included. Every endpoint of the contracts
 * listed below needs its rows here: a new endpoint without them fails the coverage test.
 */

type Actor = 'anonymous' | 'ana' | 'bora' | 'cem' | 'staff';
type Fan = { id: number; nickname: string; token: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A status, or `missing`: 404 exactly as the same request for an id that does not exist. */
type Expected = 401 | 403 | 'missing' | { absent: number | string };

interface World {
  ana: Fan;
  bora: Fan;
  cem: Fan;
  staff: Fan;
  published: number;
  waiting: number;
  hidden: number;
  deleted: number;
  comment: number;
  /** a news article staff have not published */
  draft: string;
}

interface Row {
  actor: Actor;
  /** what the row tries, for the failure message */
  label: string;
  params: (world: World) => Record<string, number | string>;
  body?: (world: World) => unknown;
  query?: string;
  expected: Expected | ((world: World) => Expected);
}

const MISSING = 2_000_000_000;
const DAY_MS = 86_400_000;
const post = (pick: keyof Pick<World, 'published' | 'waiting' | 'hidden' | 'deleted'>) => (world: World) => ({ id: world[pick] });
const user = (pick: 'ana' | 'bora' | 'cem') => (world: World) => ({ id: world[pick].id });
const comment = (world: World) => ({ id: world.comment });
const postBody = () => ({ sport: 'football', body: '<p>Yeni bir yazı</p>' });
const commentBody = () => ({ body: '<p>Bir yorum</p>' });
const reportOf = (type: 'post' | 'comment' | 'user', id: (world: World) => number) => (world: World) => ({ target_type: type, target_id: id(world), reason: 'spam' });

const unseen = ['waiting', 'hidden', 'deleted'] as const;
/** Bora may not see Ana's waiting, hidden or deleted post; Cem sees nothing of Ana's. */
const hiddenFromOthers = (rest: Omit<Row, 'actor' | 'label' | 'params' | 'expected'> = {}): Row[] => [
  ...unseen.map((pick): Row => ({ actor: 'bora', label: `Ana's ${pick} post`, params: post(pick), expected: 'missing', ...rest })),
  { actor: 'cem', label: 'a blocker’s published post', params: post('published'), expected: 'missing', ...rest },
];
const signedIn = (params: Row['params'], body?: Row['body']): Row => ({ actor: 'anonymous', label: 'no account', params, body, expected: 401 });

const MATRIX: Record<string, Record<string, Row[]>> = {
  community: {
    listPosts: [
      { actor: 'cem', label: 'latest across a block', params: () => ({}), query: 'size=50', expected: (world) => ({ absent: world.published }) },
      ...unseen.map((pick): Row => ({ actor: 'bora', label: `latest with Ana's ${pick} post`, params: () => ({}), query: 'size=50', expected: (world) => ({ absent: world[pick] }) })),
      { actor: 'anonymous', label: 'following without an account', params: () => ({}), query: 'feed=following', expected: 401 },
    ],
    createPost: [signedIn(() => ({}), postBody)],
    getPost: [...hiddenFromOthers(), { actor: 'anonymous', label: 'a hidden post', params: post('hidden'), expected: 'missing' }, { actor: 'ana', label: 'her own deleted post', params: post('deleted'), expected: 'missing' }],
    editPost: [
      signedIn(post('published'), postBody),
      { actor: 'bora', label: 'Ana’s post', params: post('published'), body: postBody, expected: 403 },
      { actor: 'staff', label: 'Ana’s post through the fans’ route', params: post('published'), body: postBody, expected: 403 },
      ...hiddenFromOthers({ body: postBody }),
    ],
    deletePost: [signedIn(post('published')), { actor: 'bora', label: 'Ana’s post', params: post('published'), expected: 403 }, ...hiddenFromOthers()],
    listComments: hiddenFromOthers(),
    createComment: [signedIn(post('published'), commentBody), ...hiddenFromOthers({ body: commentBody })],
    deleteComment: [
      signedIn(comment),
      { actor: 'bora', label: 'Ana’s comment', params: comment, expected: 403 },
      { actor: 'cem', label: 'a blocker’s comment', params: comment, expected: 'missing' },
    ],
    likePost: [signedIn(post('published')), ...hiddenFromOthers()],
    unlikePost: [signedIn(post('published')), ...hiddenFromOthers()],
    likeComment: [signedIn(comment), { actor: 'cem', label: 'a blocker’s comment', params: comment, expected: 'missing' }],
    unlikeComment: [signedIn(comment), { actor: 'cem', label: 'a blocker’s comment', params: comment, expected: 'missing' }],
    favourite: [signedIn(post('published')), ...hiddenFromOthers()],
    unfavourite: [signedIn(post('published')), ...hiddenFromOthers()],
    listHotPosts: [
      { actor: 'cem', label: 'the hot list across a block', params: () => ({}), query: 'size=50', expected: (world) => ({ absent: world.published }) },
      ...unseen.map((pick): Row => ({ actor: 'bora', label: `the hot list with Ana's ${pick} post`, params: () => ({}), query: 'size=50', expected: (world) => ({ absent: world[pick] }) })),
    ],
    listWeekly: [{ actor: 'cem', label: 'the weekly ranking across a block', params: () => ({}), query: 'size=50', expected: (world) => ({ absent: world.published }) }],
    listUserPosts: [
      { actor: 'cem', label: 'a blocker’s posts', params: user('ana'), expected: 'missing' },
      ...unseen.map((pick): Row => ({ actor: 'bora', label: `Ana's posts with her ${pick} one`, params: user('ana'), query: 'size=50', expected: (world) => ({ absent: world[pick] }) })),
    ],
    upload: [signedIn(() => ({}))],
    listFavourites: [
      signedIn(user('ana')),
      { actor: 'bora', label: 'Ana’s saved posts', params: user('ana'), expected: 403 },
      { actor: 'staff', label: 'Ana’s saved posts', params: user('ana'), expected: 403 },
    ],
    staffGetPost: [signedIn(post('hidden')), { actor: 'bora', label: 'a post through the staff route', params: post('hidden'), expected: 403 }],
  },
  reports: {
    report: [
      signedIn(() => ({}), reportOf('post', (world) => world.published)),
      ...unseen.map((pick): Row => ({ actor: 'bora', label: `Ana's ${pick} post`, params: () => ({}), body: reportOf('post', (world) => world[pick]), expected: 'missing' })),
      { actor: 'cem', label: 'a blocker’s post', params: () => ({}), body: reportOf('post', (world) => world.published), expected: 'missing' },
      { actor: 'cem', label: 'a blocker’s comment', params: () => ({}), body: reportOf('comment', (world) => world.comment), expected: 'missing' },
    ],
  },
  social: {
    follow: [signedIn(user('ana')), { actor: 'cem', label: 'a blocker', params: user('ana'), expected: 403 }],
    unfollow: [signedIn(user('ana'))],
    listFollowers: [{ actor: 'cem', label: 'a blocker’s followers', params: user('ana'), expected: 'missing' }],
    listFollowing: [{ actor: 'cem', label: 'whom a blocker follows', params: user('ana'), expected: 'missing' }],
    block: [signedIn(user('ana'))],
    unblock: [signedIn(user('ana'))],
    listBlocks: [
      signedIn(user('ana')),
      { actor: 'bora', label: 'Ana’s blocks', params: user('ana'), expected: 403 },
      { actor: 'staff', label: 'Ana’s blocks', params: user('ana'), expected: 403 },
    ],
  },
};

/** Staff-only routes: no account 401, a fan 403 (a valid body, so the refusal is the role's). */
const staffOnly = (params: Row['params'], body?: Row['body']): Row[] => [
  { actor: 'anonymous', label: 'no account', params, body, expected: 401 },
  { actor: 'bora', label: 'a fan', params, body, expected: 403 },
];
const article = () => ({ sport: 'football', type: 'news', translations: { en: { title: 'Derby day', summary: 'A summary', body: '<p>Words</p>' } } });
const draft = (world: World) => ({ uuid: world.draft });
const none = () => ({});

MATRIX.moderation = {
  reports: staffOnly(none),
  moderatePost: staffOnly(post('published'), () => ({ action: 'hide', reason: 'spam' })),
  moderateComment: staffOnly(comment, () => ({ action: 'hide', reason: 'spam' })),
  fan: staffOnly(user('ana')),
  sanction: staffOnly(user('ana'), () => ({ kind: 'suspension', days: 3, reason: 'spam' })),
  lift: staffOnly(user('ana'), () => ({})),
  reviewWords: staffOnly(none),
  addReviewWord: staffOnly(none, () => ({ word: 'bedava' })),
  removeReviewWord: staffOnly(none, () => ({ word: 'bedava' })),
  audit: staffOnly(none),
};
MATRIX.news = {
  list: [{ actor: 'bora', label: 'the public list with a draft', params: none, query: 'locale=en', expected: (world) => ({ absent: world.draft }) }],
  get: [
    { actor: 'bora', label: 'a draft', params: draft, query: 'locale=en', expected: 'missing' },
    { actor: 'anonymous', label: 'a draft', params: draft, query: 'locale=en', expected: 'missing' },
  ],
  staffList: staffOnly(none),
  staffGet: staffOnly(draft),
  staffCreate: staffOnly(none, article),
  staffEdit: staffOnly(draft, article),
  staffPublish: staffOnly(draft),
  staffUnpublish: staffOnly(draft),
  staffUpload: staffOnly(none),
};
MATRIX.bloggers = {
  bloggerProfile: [
    { actor: 'cem', label: 'a blocker’s page', params: user('ana'), expected: 'missing' },
    { actor: 'ana', label: 'a blocked fan’s page', params: user('cem'), expected: 'missing' },
  ],
};

const CONTRACTS: Record<string, Record<string, Endpoint>> = {
  community: communityEndpoints,
  reports: communityReportEndpoints,
  social: socialEndpoints,
  moderation: communityModerationEndpoints,
  news: newsEndpoints,
  bloggers: bloggerEndpoints,
};

describe('the access matrix covers every endpoint', () => {
  it('has rows for every community, report, social, moderation, news and bloggers endpoint', () => {
    for (const [contract, endpoints] of Object.entries(CONTRACTS)) {
      for (const name of Object.keys(endpoints)) expect(MATRIX[contract]?.[name]?.length ?? 0, `${contract}.${name} has no rows`).toBeGreaterThan(0);
    }
  });
});

describe.each(TEST_DATABASE_KINDS)('the community’s access matrix on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  let app: FastifyInstance;
  let world: World;
  let address = 0;

  /** Every row is one fan's single action: the limits (tested on their own) start afresh. */
  async function call(method: Method, url: string, actor: Fan | null, body?: unknown) {
    await db().execute(sql`delete from rate_limits`);
    address += 1;
    const response = await app.inject({
      method,
      url,
      remoteAddress: `10.12.${Math.floor(address / 250)}.${address % 250}`,
      headers: { language: 'en', ...(actor ? { token: actor.token } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, text: response.body };
  }

  async function fan(role?: 'staff'): Promise<Fan> {
    const created = await createTestUser(db(), role ? { role } : {});
    await db().update(users).set({ createdAt: new Date(Date.now() - 30 * DAY_MS) }).where(eq(users.id, created.id));
    return created;
  }

  async function write(method: Method, url: string, actor: Fan, body?: unknown): Promise<{ id: number }> {
    const answer = await call(method, url, actor, body);
    expect(answer.status, answer.text).toBe(200);
    return (JSON.parse(answer.text) as { data: { id: number } }).data;
  }

  beforeAll(async () => {
    app = await buildTestApp(db());
    const [ana, bora, cem, staff] = [await fan(), await fan(), await fan(), await fan('staff')];
    const published = (await write('POST', '/api/community/posts', ana, postBody())).id;
    const waiting = (await write('POST', '/api/community/posts', ana, postBody())).id;
    const hidden = (await write('POST', '/api/community/posts', ana, postBody())).id;
    const deleted = (await write('POST', '/api/community/posts', ana, postBody())).id;
    await db().update(communityPosts).set({ status: 'pending_review' }).where(eq(communityPosts.id, waiting));
    await db().update(communityPosts).set({ status: 'hidden', statusReason: 'spam' }).where(eq(communityPosts.id, hidden));
    await write('DELETE', `/api/community/posts/${deleted}`, ana);
    const commentId = (await write('POST', `/api/community/posts/${published}/comments`, ana, commentBody())).id;
    await write('PUT', `/api/community/posts/${published}/like`, bora);
    await write('PUT', `/api/social/blocks/${cem.id}`, ana);
    const drafted = await call('POST', '/api/staff/news/articles', staff, article());
    expect(drafted.status, drafted.text).toBe(200);
    world = { ana, bora, cem, staff, published, waiting, hidden, deleted, comment: commentId, draft: (JSON.parse(drafted.text) as { data: { uuid: string } }).data.uuid };
  });
  afterAll(async () => {
    await app?.close();
  });

  const cases = Object.entries(MATRIX).flatMap(([contract, rows]) =>
    Object.entries(rows).flatMap(([name, list]) => list.map((row) => ({ contract, name, row }))),
  );

  it.each(cases)('$contract $name: $row.actor, $row.label', async ({ contract, name, row }) => {
    const endpoint = CONTRACTS[contract]![name]!;
    const actor = row.actor === 'anonymous' ? null : world[row.actor];
    const params = row.params(world);
    const url = (ids: Record<string, number | string>) => `${endpoint.path.replace(/:([a-zA-Z]+)/g, (_match, key: string) => String(ids[key]))}${row.query ? `?${row.query}` : ''}`;
    const body = row.body?.(world) ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {});
    const expected = typeof row.expected === 'function' ? row.expected(world) : row.expected;
    const answer = await call(endpoint.method, url(params), actor, body);
    if (typeof expected === 'object') {
      expect(answer.status, answer.text).toBe(200);
      const items = (JSON.parse(answer.text) as { data: { list: ({ id: number; uuid?: string } | { post: { id: number } })[] } }).data.list;
      const ids = items.map((item) => ('post' in item ? item.post.id : typeof expected.absent === 'string' ? item.uuid : item.id));
      expect(ids).not.toContain(expected.absent);
      return;
    }
    if (expected === 'missing') {
      // the same request for ids that do not exist
      const missingParams = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? '00000000-0000-4000-8000-000000000000' : MISSING]));
      const missingBody = row.body ? JSON.parse(JSON.stringify(row.body(world)).replace(/"target_id":\d+/, `"target_id":${MISSING}`)) : body;
      const missing = await call(endpoint.method, url(missingParams), actor, missingBody);
      expect(missing.status, missing.text).toBe(404);
      expect({ status: answer.status, text: answer.text }).toEqual({ status: 404, text: missing.text });
      return;
    }
    expect(answer.status, answer.text).toBe(expected);
  });
});
