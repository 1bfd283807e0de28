import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { seedCatalog } from '../../catalog/seed-catalog';
import { matchEvents } from '../../db/schema/match-events';
import { matches } from '../../db/schema/matches';
import { users } from '../../db/schema/users';
import { createMatchWrites } from '../matches/match-writes';
import { readStatsbombSample, STATSBOMB_SAMPLES } from '../../feed/replay/statsbomb/statsbomb-fixtures';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes, type CapturedPublish } from '../../test-support/live-capture';
import { createTestUser } from '../../test-support/users';
import { hashPassword } from '../account/passwords';
import { createMatchService } from '../matches/matches.service';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** `npm run data:replay -- <args>`: the same tsx binary, with only the given environment on top of PATH. */
async function dataReplay(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'scripts', 'data-replay.ts'), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe.each(TEST_DATABASE_KINDS)('npm run data:replay against a running server on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let origin: string;
  let published: CapturedPublish[];
  let dir: string;
  let files: { events: string; lineups: string };

  beforeAll(async () => {
    const { db } = database.current;
    await seedCatalog(db);
    const live = capturePublishes();
    published = live.published;
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } },
      feedSink: createMatchWrites({ db, publish: live.publish }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    dir = await mkdtemp(path.join(tmpdir(), 'tribun-replay-cli-'));
    files = { events: path.join(dir, 'events.json'), lineups: path.join(dir, 'lineups.json') };
    await writeFile(files.events, readStatsbombSample(STATSBOMB_SAMPLES.girona.events));
    await writeFile(files.lineups, readStatsbombSample(STATSBOMB_SAMPLES.girona.lineups));
  });
  afterAll(async () => {
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('signs in as staff, plays Barcelona 2-2 Girona at full speed and prints the match id and the real result', async () => {
    const { db } = database.current;
    const staff = await createTestUser(db, { role: 'staff' });
    await db.update(users).set({ passwordHash: await hashPassword('replay-2018') }).where(eq(users.id, staff.id));

    const result = await dataReplay(['statsbomb', files.events, '--lineups', files.lineups, '--speed', '0', '--server', origin, '--competition', '3'], {
      TRIBUN_STAFF_EMAIL: staff.email,
      TRIBUN_STAFF_PASSWORD: 'replay-2018',
    });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const answer = JSON.parse(lines[0]!);
    expect(answer).toEqual({
      ok: true,
      match_id: expect.any(Number),
      home: 'FC Barcelona',
      away: 'Girona FC',
      final: [2, 2],
      goals: [
        { minute: 19, added_minute: null, side: 'home', player: 'Lionel Messi', assist: 'Arturo Vidal', detail: null },
        { minute: 45, added_minute: null, side: 'away', player: 'Cristhian Stuani', assist: 'Aday Benítez', detail: null },
        { minute: 51, added_minute: null, side: 'away', player: 'Cristhian Stuani', assist: null, detail: null },
        { minute: 63, added_minute: null, side: 'home', player: 'Gerard Piqué', assist: null, detail: null },
      ],
    });

    const [row] = await db.select().from(matches).where(eq(matches.id, answer.match_id));
    expect(row).toMatchObject({ statusId: 8, homeScore: 2, awayScore: 2, htHome: 1, htAway: 1, redHome: 1, competitionId: 3 });
    const goals = await db.select().from(matchEvents).where(eq(matchEvents.matchId, answer.match_id)).orderBy(asc(matchEvents.seq));
    expect(goals.filter((event) => event.type === 0).map((event) => [event.minute, event.side, event.player])).toEqual([
      [19, 'home', 'Lionel Messi'],
      [45, 'away', 'Cristhian Stuani'],
      [51, 'away', 'Cristhian Stuani'],
      [63, 'home', 'Gerard Piqué'],
    ]);
    // The last message of the sport's topic (statistics go to the match's own topic, decision 131).
    const last = published.filter((entry) => entry.topic === 'football').map((entry) => JSON.parse(entry.payload)).filter((message) => message.data.match_id === answer.match_id).at(-1);
    expect(last).toMatchObject({ type: 'score', data: { status: 8, a0: 2, b0: 2 } });
  });

  it('fails with one JSON line naming the problem: a missing file, no staff session, a fan', async () => {
    const missing = await dataReplay(['statsbomb', path.join(dir, 'nope.json'), '--token', 'x', '--server', origin]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toEqual({ ok: false, error: `${path.join(dir, 'nope.json')}: cannot read the file (ENOENT)` });

    const lineupsAsEvents = await dataReplay(['statsbomb', files.lineups, '--server', origin, '--token', 'x']);
    expect(JSON.parse(lineupsAsEvents.stdout).error).toMatch(new RegExp(`^events file ${files.lineups}: \\[0\\]\\.id: `));

    const badDate = await dataReplay(['statsbomb', files.events, '--server', origin, '--token', 'x', '--date', '23/09/2018']);
    expect(badDate.code).toBe(1);
    expect(JSON.parse(badDate.stdout)).toEqual({ ok: false, error: '--date must be a day (2018-09-23) or a kick-off with its zone (2018-09-23T20:45+02:00), got "23/09/2018"' });

    const noSession = await dataReplay(['statsbomb', files.events, '--server', origin]);
    expect(JSON.parse(noSession.stdout).error).toMatch(/^a staff session is needed/);

    const fan = await createTestUser(database.current.db);
    const refused = await dataReplay(['statsbomb', files.events, '--server', origin, '--speed', '0', '--competition', '3'], { TRIBUN_STAFF_TOKEN: fan.token });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toEqual({ ok: false, error: '/api/staff/replays answered 403: You are not allowed to do this' });
  });
});
