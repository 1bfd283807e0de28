import type { Lineup } from '../../../core/contracts/match-data';
import type { Pair } from '../../../core/contracts/matches';
import {
  CreateReplayDataSchema,
  MAX_REPLAY_UPDATES,
  ReplayUpdatesDataSchema,
  type CreateReplayBody,
  type ReplayUpdate,
} from '../../../core/contracts/replay';
import { toReplayUpdateBody, type ReplayStep } from './replay-step';

/**
 * The client side of a replay: creates the match on a running server through the staff API and
 * plays the steps into it on time (`speed` match seconds per real second; 0 = as fast as the
 * server takes them). Used by `npm run data:replay` and by the tests, against a real server.
 */

export interface ReplayScript {
  homeTeam: string;
  awayTeam: string;
  /** shown before kick-off */
  lineups?: { home: Lineup; away: Lineup };
  steps: readonly ReplayStep[];
}

export interface PlayReplayOptions {
  /** the server's origin, e.g. http://localhost:3000 */
  server: string;
  /** a staff session token */
  token: string;
  script: ReplayScript;
  /** match seconds per real second: 1 real time, 60 a minute per second, 0 as fast as possible */
  speed: number;
  competitionId?: number;
  /** scheduled kick-off, unix seconds (the server's now by default) */
  matchTime?: number;
  fetch?: typeof fetch;
  nowMs?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** after each batch the server applied */
  onProgress?: (progress: { applied: number; total: number; statusId: number; score: Pair }) => void;
}

export interface PlayedReplay {
  matchId: number;
  /** status and score as the server holds them after the last update */
  statusId: number;
  score: Pair;
  createdTeams: string[];
}

/** A batch stays well under the route's 2 MiB body limit. */
const MAX_BATCH_BYTES = 1024 * 1024;

export class ReplayApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ReplayApiError';
    this.status = status;
  }
}

export async function playReplay(options: PlayReplayOptions): Promise<PlayedReplay> {
  const { script, speed } = options;
  if (!(speed >= 0) || !Number.isFinite(speed)) throw new RangeError(`speed must be a number ≥ 0, got ${speed}`);
  const nowMs = options.nowMs ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const api = createApi(options);

  const createBody: CreateReplayBody = {
    sport: 'football',
    home_team: script.homeTeam,
    away_team: script.awayTeam,
    ...(options.competitionId !== undefined ? { competition_id: options.competitionId } : {}),
    ...(options.matchTime !== undefined ? { match_time: options.matchTime } : {}),
    ...(script.lineups ? { lineups: script.lineups } : {}),
  };
  const created = CreateReplayDataSchema.parse(await api('/api/staff/replays', createBody));
  const matchId = created.match_id;

  const bodies = script.steps.map((step) => toReplayUpdateBody(step.update));
  const sizes = bodies.map((body) => JSON.stringify(body).length);
  const startMs = nowMs();
  const dueMs = (index: number) => startMs + (script.steps[index]!.atSec * 1000) / speed;
  let statusId = 1;
  let score: Pair = [0, 0];
  let next = 0;
  while (next < bodies.length) {
    if (speed > 0) {
      const wait = dueMs(next) - nowMs();
      if (wait > 0) await sleep(wait);
    }
    // Everything already due goes in one request, in order.
    const batch: ReplayUpdate[] = [];
    let bytes = 0;
    while (
      next < bodies.length &&
      batch.length < MAX_REPLAY_UPDATES &&
      (batch.length === 0 || bytes + sizes[next]! <= MAX_BATCH_BYTES) &&
      (batch.length === 0 || speed === 0 || dueMs(next) <= nowMs())
    ) {
      batch.push(bodies[next]!);
      bytes += sizes[next]!;
      next += 1;
    }
    const answer = ReplayUpdatesDataSchema.parse(await api(`/api/staff/replays/${matchId}/updates`, { updates: batch }));
    statusId = answer.status_id;
    score = answer.score;
    options.onProgress?.({ applied: next, total: bodies.length, statusId, score });
  }
  return { matchId, statusId, score, createdTeams: created.created_teams };
}

function createApi(options: Pick<PlayReplayOptions, 'server' | 'token' | 'fetch'>) {
  const doFetch = options.fetch ?? fetch;
  const origin = options.server.replace(/\/+$/, '');
  return async (path: string, body: unknown): Promise<unknown> => {
    const response = await doFetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: options.token, language: 'en' },
      body: JSON.stringify(body),
    });
    return readAnswer(response, path);
  };
}

async function readAnswer(response: Response, path: string): Promise<unknown> {
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: reported below with the status
  }
  const envelope = json as { code?: number; message?: string; data?: unknown } | null;
  if (!response.ok || !envelope || envelope.code !== 0) {
    const fields = (envelope?.data as { fields?: { field: string; message: string }[] } | null)?.fields;
    const detail = fields && fields.length > 0 ? ` (${fields.map((field) => `${field.field}: ${field.message}`).join('; ')})` : '';
    throw new ReplayApiError(response.status, `${path} answered ${response.status}: ${envelope?.message ?? text.slice(0, 200)}${detail}`);
  }
  return envelope.data;
}

/** Signs in (POST /api/user/login) and answers the session token. */
export async function logInForReplay(options: { server: string; account: string; password: string; fetch?: typeof fetch }): Promise<string> {
  const doFetch = options.fetch ?? fetch;
  const path = '/api/user/login';
  const response = await doFetch(`${options.server.replace(/\/+$/, '')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en' },
    body: JSON.stringify({ account: options.account, password: options.password }),
  });
  const data = (await readAnswer(response, path)) as { token?: unknown };
  if (typeof data?.token !== 'string') throw new ReplayApiError(response.status, `${path} answered no token`);
  return data.token;
}
