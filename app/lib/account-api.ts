import type { AvatarId, CodePurpose, EventMsgStatus, Gender, UserInfo } from '../../core/contracts/account';
import type { Sport } from '../../core/contracts/matches';
import type { Locale } from '../../core/locale';
import type { Theme } from '../../core/contracts/profile';
import type { OddsFormat } from '../../core/contracts/odds';
import { apiFetch, isApiError } from './api-client';

/**
 * The accounts API of docs/api/accounts.md, typed, for the browser. Every answer is
 * `{ code: 0, msg: 'success', data }`; these functions return `data`. Failures reject with the
 * client's ApiError; `apiErrorDetails` reads the contract's error body.
 */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(path: string, options: { method?: 'GET' | 'POST'; body?: unknown; query?: Record<string, string | number> } = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  // POST endpoints without a body still get an empty JSON object: Fastify refuses an empty
  // body sent as JSON, and some proxies drop a bodiless POST's length.
  const body = method === 'POST' ? (options.body ?? {}) : undefined;
  const envelope = await apiFetch<Envelope<T>>(path, { method, body, query: options.query });
  return envelope.data;
}

/**
 * The calls made through checked endpoints (app/lib/checked-calls.ts) load with the first of
 * them: their contracts and the schema library stay out of every page's initial JavaScript
 * (decision 084).
 */
const checkedCalls = () => import('./checked-calls');

export interface SessionAnswer {
  token: string;
  user: UserInfo;
}

export interface CodeAnswer {
  expiresInSec: number;
  resendAfterSec: number;
}

export const accountApi = {
  sendCode: (body: { email?: string; purpose: CodePurpose }) => call<CodeAnswer>('/api/user/code', { body }),
  regBefore: (body: { email: string; code: string }) => call<{ ok: true }>('/api/user/regBefore', { body }),
  register: (body: { email: string; code: string; password: string; confirmPassword: string; nickname: string; inviteCode?: string }) =>
    call<SessionAnswer>('/api/user/reg', { body }),
  login: (body: { account: string; password: string }) => call<SessionAnswer>('/api/user/login', { body }),
  logout: () => call<null>('/api/user/logout', { method: 'POST' }),
  info: () => call<UserInfo>('/api/user/info'),
  changePassword: (body: { email?: string; code: string; password: string; confirmPassword: string }) =>
    call<null>('/api/user/changePassword', { body }),
  updatePassword: (body: { oldPassword: string; password: string; confirmPassword: string }) =>
    call<null>('/api/user/updatePassword', { body }),

  updateInfo: (body: Partial<Record<ContactField, string | null>> & { gender?: Gender }) => call<UserInfo>('/api/user/updateInfo', { body }),
  changeEmail: (body: { email: string; code: string }) => call<UserInfo>('/api/user/changeEmail', { body }),
  changeNickname: (body: { nickname: string }) => call<UserInfo>('/api/user/changeNickname', { body }),
  changeAvatar: (body: { avatar: AvatarId }) => call<UserInfo>('/api/user/avatar', { body }),
  saveSettings: (body: { event_msg_status?: Partial<EventMsgStatus>; locale?: Locale | null; theme?: Theme | null; odds_format?: OddsFormat | null }) =>
    call<UserInfo>('/api/user/settings', { body }),
  requestCancellation: () => call<UserInfo>('/api/user/cancel', { method: 'POST' }),
  revokeCancellation: () => call<UserInfo>('/api/user/cancel/revoke', { method: 'POST' }),

  pointsRecords: async (query: { page: number; size: number }) => (await checkedCalls()).pointsRecords(query),
  checkin: async () => (await checkedCalls()).checkin(),

  collections: async () => (await checkedCalls()).collections(),
  collectMatch: async (sport: Sport, matchId: number, collect: boolean) => (await checkedCalls()).collectMatch(sport, matchId, collect),
  collectCompetition: async (competitionId: number, collect: boolean) => (await checkedCalls()).collectCompetition(competitionId, collect),
  collectTeam: async (teamId: number, collect: boolean) => (await checkedCalls()).collectTeam(teamId, collect),
};

/** The contact fields of the profile form, in the order it shows them. */
export const CONTACT_FIELDS = ['phone', 'address', 'telegram', 'whatsapp', 'instagram', 'facebook'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export interface ApiErrorDetails {
  /** the HTTP status; 0 when no answer came */
  status: number;
  /** the contract's error code (LOGIN_FAILED, VALIDATION, …), if any */
  error: string | null;
  /** the server's translated message, if any */
  message: string | null;
  /** translated messages per request field */
  fields: Record<string, string>;
  /** seconds to wait before asking again (429) */
  retryAfterSec: number | null;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * What an API failure says, read from the contract's error body
 * `{ code, message, data: { error, fields?: [{ field, message }] } }`. Anything else (a network
 * failure, an unparsable body) gives status and nulls.
 */
export function apiErrorDetails(error: unknown): ApiErrorDetails {
  const details: ApiErrorDetails = { status: 0, error: null, message: null, fields: {}, retryAfterSec: null };
  if (!isApiError(error)) return details;
  details.status = error.code;
  details.retryAfterSec = error.retryAfterSec;
  const body = error.data;
  if (!isRecord(body)) return details;
  if (typeof body.message === 'string' && body.message !== '') details.message = body.message;
  const data = body.data;
  if (!isRecord(data)) return details;
  if (typeof data.error === 'string') details.error = data.error;
  if (Array.isArray(data.fields)) {
    for (const item of data.fields) {
      if (!isRecord(item) || typeof item.field !== 'string' || typeof item.message !== 'string') continue;
      // The first message of a field is the one to fix first.
      details.fields[item.field] ??= item.message;
    }
  }
  return details;
}
