// community_feeds: the community's lists on a big community — 100,000 posts over ten days and
// 1,000,000 likes by 5,000 fans (seeded in SQL with generate_series) — each read through the real
// service (the rows, the reader's likes and favourites, the authors, the files: what the route
// answers) beside a bare indexed query for the same page's ids in the same database and run:
//   - hot list, first page and a deep page (rows 1,001–1,020), over the stored rank generation;
//   - following feed of a fan following 200 fans, first page;
//   - latest posts, first page;
//   - the weekly ranking (the current week so far), and one refresh of the hot ranks (the job);
//   - a like storm: `likers` fans like one post at once through the real like service; the
//     count and the rows must both end exactly at `likers`.
// Every read is a signed-in fan's (the block filter runs). Figures: p50/p99 of `iterations` calls.
//
//   benchCommunityFeeds({ kind: 'pglite' | 'postgres', posts: 100_000, likes: 1_000_000, iterations: 200, likers: 200 })
//
// PostgreSQL: TEST_DATABASE_URL names a server where a throw-away database is created and
// dropped (default postgres://postgres@127.0.0.1:5432/postgres); PGlite runs in a temporary directory.
import { sql } from 'drizzle-orm';
import { DEFAULT_EVENT_MSG_STATUS } from '../core/contracts/account';
import type { Db } from '../server/db/client';
import { listFollowingPosts, listHotPosts, listWeekly, refreshHotRanks } from '../server/modules/community/community-feeds';
import { listPosts, setPostLike, type CommunityConfig } from '../server/modules/community/community.service';
import { withNotifications } from '../server/modules/notifications/public';
import { createTestDatabase } from '../server/test-support/databases';
import { percentile } from './support/stats';

export interface CommunityFeedsOptions {
  kind: 'pglite' | 'postgres';
  posts: number;
  likes: number;
  /** calls measured per list (after 5 unmeasured) */
  iterations: number;
  /** fans liking one post at once */
  likers: number;
}

export interface Latency {
  p50: number;
  p99: number;
}

export interface PageFigures {
  real: Latency;
  bare: Latency;
  /** real p50 ÷ bare p50 */
  ratioP50: number;
}

export interface CommunityFeedsResult {
  kind: 'pglite' | 'postgres';
  posts: number;
  likes: number;
  fans: number;
  iterations: number;
  seedSeconds: number;
  /** posts of the last week, ranked by the job */
  rankedPosts: number;
  refreshHotRanksMs: number;
  hotFirst: PageFigures;
  hotDeep: PageFigures;
  following: PageFigures;
  latest: PageFigures;
  weekly: { real: Latency; weekLikes: number };
  likeStorm: { likers: number; ms: number; likeCount: number; likeRows: number; exact: boolean };
}

const FANS = 5000;
const FOLLOWED = 200;
const PAGE = 20;
const DAY_MS = 86_400_000;
const CONFIG: CommunityConfig = {
  reviewWords: [],
  editWindowMinutes: 1440,
  maxPictures: 9,
  newAccountMaxPictures: 1,
  pictureMaxMegabytes: 10,
  videoMaxMegabytes: 50,
  videoMaxSeconds: 60,
};

const round = (value: number) => Math.round(value * 100) / 100;

async function measure(iterations: number, call: () => Promise<unknown>): Promise<Latency> {
  for (let index = 0; index < 5; index++) await call();
  const times: number[] = [];
  for (let index = 0; index < iterations; index++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
}

async function compare(iterations: number, real: () => Promise<unknown>, bare: () => Promise<unknown>): Promise<PageFigures> {
  const realFigures = await measure(iterations, real);
  const bareFigures = await measure(iterations, bare);
  return { real: realFigures, bare: bareFigures, ratioP50: round(realFigures.p50 / Math.max(bareFigures.p50, 0.001)) };
}

/** Fans, posts over the last ten days (newest last), likes spread so no fan likes a post twice, the kept counts (per post and per week). */
async function seed(db: Db, options: CommunityFeedsOptions, now: Date): Promise<{ firstUser: number }> {
  const at = now.toISOString();
  await db.execute(sql`
    insert into users (nickname, nickname_key, invite_code, event_msg_status, created_at, updated_at)
    select 'bench_' || g, 'bench_' || g, 'BENCH' || g, ${JSON.stringify(DEFAULT_EVENT_MSG_STATUS)}::jsonb, ${at}::timestamptz - interval '60 days', ${at}::timestamptz
    from generate_series(1, ${FANS}) as g`);
  const [first] = await db.execute<{ id: number }>(sql`select min(id)::int as id from users where nickname_key like 'bench\\_%'`).then((result) => (result as unknown as { rows: { id: number }[] }).rows);
  const firstUser = first!.id;
  const spanMs = 10 * DAY_MS;
  await db.execute(sql`
    insert into community_posts (author_id, sport, body_html, body_text, status, created_at)
    select ${firstUser}::int + (g % ${FANS}), case when g % 3 = 0 then 'basketball' else 'football' end,
           '<p>Maç yorumu ' || g || '</p>', 'Maç yorumu ' || g,
           case when g % 50 = 0 then 'hidden' else 'published' end,
           ${at}::timestamptz - ((${options.posts} - g)::double precision * ${spanMs / options.posts} * interval '1 millisecond')
    from generate_series(1, ${options.posts}) as g`);
  const [firstPostRow] = await db.execute<{ id: number }>(sql`select min(id)::int as id from community_posts`).then((result) => (result as unknown as { rows: { id: number }[] }).rows);
  const firstPost = firstPostRow!.id;
  // like g: fan g / per_fan likes post (g × 7919) mod posts; 7919 is prime to the post count, so a
  // fan's likes fall on distinct posts. Each like comes up to two days after its post, never after now.
  const perFan = Math.ceil(options.likes / FANS);
  await db.execute(sql`
    insert into community_post_likes (post_id, user_id, created_at)
    select p.id, ${firstUser}::int + (g / ${perFan}), least(${at}::timestamptz, p.created_at + ((g % 48) * interval '1 hour'))
    from generate_series(0, ${options.likes - 1}) as g
    join community_posts p on p.id = ${firstPost}::int + ((g::bigint * 7919) % ${options.posts})::int`);
  await db.execute(sql`
    insert into community_post_week_likes (week_start, post_id, likes)
    select date_trunc('week', created_at at time zone 'UTC')::date, post_id, count(*)::int
    from community_post_likes group by 1, 2`);
  await db.execute(sql`
    update community_posts p set like_count = counted.n
    from (select post_id, count(*)::int as n from community_post_likes group by post_id) counted
    where counted.post_id = p.id`);
  await db.execute(sql`analyze`);
  return { firstUser };
}

export async function benchCommunityFeeds(options: CommunityFeedsOptions): Promise<CommunityFeedsResult> {
  const database = await createTestDatabase(options.kind);
  const { db } = database;
  const now = new Date();
  try {
    const seedStarted = performance.now();
    const { firstUser } = await seed(db, options, now);
    const seedSeconds = round((performance.now() - seedStarted) / 1000);

    const reader = { id: firstUser + FANS - 1 };
    await db.execute(sql`
      insert into forecast_follows (follower_id, tipster_id, created_at)
      select ${reader.id}::int, ${firstUser}::int + g, ${now.toISOString()}::timestamptz from generate_series(0, ${FOLLOWED - 1}) as g`);

    const refreshStarted = performance.now();
    const { generation, posts: rankedPosts } = await refreshHotRanks(db, now);
    const refreshHotRanksMs = round(performance.now() - refreshStarted);
    const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

    const read = { reader, now, config: CONFIG };
    const hotFirst = await compare(
      options.iterations,
      () => listHotPosts(db, { size: PAGE, ...read }),
      () => db.execute(sql`select post_id from community_hot_ranks where generation = ${generation} order by rank desc, post_id desc limit ${PAGE}`),
    );
    const [deep] = rows(await db.execute(sql`select rank, post_id from community_hot_ranks where generation = ${generation} order by rank desc, post_id desc offset 1000 limit 1`));
    const cursor = `${generation}_${String(deep!.rank)}_${String(deep!.post_id)}`;
    const hotDeep = await compare(
      options.iterations,
      () => listHotPosts(db, { size: PAGE, cursor, ...read }),
      () =>
        db.execute(
          sql`select post_id from community_hot_ranks where generation = ${generation} and (rank, post_id) < (${Number(deep!.rank)}::double precision, ${Number(deep!.post_id)}::int) order by rank desc, post_id desc limit ${PAGE}`,
        ),
    );
    const following = await compare(
      options.iterations,
      () => listFollowingPosts(db, { feed: 'following', size: PAGE, ...read }),
      () =>
        db.execute(
          sql`select id from community_posts where status = 'published' and author_id in (select tipster_id from forecast_follows where follower_id = ${reader.id}) order by id desc limit ${PAGE}`,
        ),
    );
    const latest = await compare(
      options.iterations,
      () => listPosts(db, { feed: 'latest', size: PAGE, ...read }),
      () => db.execute(sql`select id from community_posts where status = 'published' order by id desc limit ${PAGE}`),
    );
    const weeklyIterations = Math.max(5, Math.floor(options.iterations / 10));
    const weekly = await measure(weeklyIterations, () => listWeekly(db, { size: 10, ...read }));
    const weekStart = (await listWeekly(db, { size: 1, ...read })).week_start;
    const [weekLikes] = rows(await db.execute(sql`select count(*)::int as n from community_post_likes where created_at >= ${`${weekStart}T00:00:00Z`}::timestamptz`));

    // the like storm: every liker at once on the newest published post
    const [target] = rows(await db.execute(sql`select id from community_posts where status = 'published' order by id desc limit 1`));
    const postId = Number(target!.id);
    const [before] = rows(await db.execute(sql`select like_count from community_posts where id = ${postId}`));
    const likers = rows(
      await db.execute(sql`select id from users where nickname_key like 'bench\\_%' and id not in (select user_id from community_post_likes where post_id = ${postId}) order by id limit ${options.likers}`),
    ).map((row) => Number(row.id));
    const stormStarted = performance.now();
    await Promise.all(
      likers.map((id) => withNotifications({ db }, (tx, told) => setPostLike(tx, { postId, reader: { id, nickname: `bench_${id}` }, liked: true, now, notices: told }))),
    );
    const stormMs = round(performance.now() - stormStarted);
    const [after] = rows(await db.execute(sql`select like_count, (select count(*)::int from community_post_likes where post_id = ${postId}) as rows from community_posts where id = ${postId}`));
    const likeCount = Number(after!.like_count) - Number(before!.like_count);
    const likeRows = Number(after!.rows) - Number(before!.like_count);

    return {
      kind: options.kind,
      posts: options.posts,
      likes: options.likes,
      fans: FANS,
      iterations: options.iterations,
      seedSeconds,
      rankedPosts,
      refreshHotRanksMs,
      hotFirst,
      hotDeep,
      following,
      latest,
      weekly: { real: weekly, weekLikes: Number(weekLikes!.n) },
      likeStorm: { likers: likers.length, ms: stormMs, likeCount, likeRows, exact: likeCount === likers.length && likeRows === likers.length },
    };
  } finally {
    await database.close();
  }
}
