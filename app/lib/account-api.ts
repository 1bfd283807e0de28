import type { AvatarId, CodePurpose, EventMsgStatus, Gender, SignInResult } from '../../core/contracts/account';
import type { Sport } from '../../core/contracts/matches';
import type { Locale } from '../../core/locale';
import type { Theme } from '../../core/contracts/profile';
import type { OddsFormat } from '../../core/contracts/odds';
import { isApiError } from './api-client';
import { endpointCalls } from './endpoint-calls';

/**
 * The accounts API of docs/api/accounts.md for the browser, over the endpoints of its contracts
 * (core/contracts/account.ts, profile.ts, points.ts, collections.ts; decision 137). Each call
 * returns the answer's `data`, checked against its contract; failures reject with the client's
 * ApiError, and `apiErrorDetails` reads the contract's error body. The contracts load with the
 * first call, not with a page (decision 084).
 */

const account = endpointCalls(async () => (await import('../../core/contracts/account')).accountEndpoints);
const profile = endpointCalls(async () => (await import('../../core/contracts/profile')).profileEndpoints);
const points = endpointCalls(async () => (await import('../../core/contracts/points')).pointsEndpoints);
const collections = endpointCalls(async () => (await import('../../core/contracts/collections')).collectionsEndpoints);

export type SessionAnswer = SignInResult;

export const accountApi = {
  sendCode: (body: { email?: string; purpose: CodePurpose }) => account('sendCode', { body }),
  regBefore: (body: { email: string; code: string }) => account('regBefore', { body }),
  register: (body: { email: string; code: string; password: string; confirmPassword: string; nickname: string; inviteCode?: string }) =>
    account('register', { body }),
  login: (body: { account: string; password: string }) => account('login', { body }),
  logout: () => account('logout'),
  info: () => account('info'),
  changePassword: (body: { email?: string; code: string; password: string; confirmPassword: string }) => account('changePassword', { body }),
  updatePassword: (body: { oldPassword: string; password: string; confirmPassword: string }) => account('updatePassword', { body }),

  updateInfo: (body: Partial<Record<ContactField, string | null>> & { gender?: Gender }) => profile('updateInfo', { body }),
  changeEmail: (body: { email: string; code: string }) => profile('changeEmail', { body }),
  changeNickname: (body: { nickname: string }) => profile('changeNickname', { body }),
  changeAvatar: (body: { avatar: AvatarId }) => profile('changeAvatar', { body }),
  saveSettings: (body: { event_msg_status?: Partial<EventMsgStatus>; locale?: Locale | null; theme?: Theme | null; odds_format?: OddsFormat | null }) =>
    profile('saveSettings', { body }),
  requestCancellation: () => profile('requestCancellation'),
  revokeCancellation: () => profile('revokeCancellation'),

  pointsRecords: (query: { page: number; size: number }) => points('records', { query }),
  checkin: () => points('checkin'),

  collections: () => collections('list'),
  collectMatch: (sport: Sport, matchId: number, collect: boolean) =>
    collections(collect ? 'addMatch' : 'removeMatch', { params: { sport }, body: { match_id: matchId } }),
  collectCompetition: (competitionId: number, collect: boolean) =>
    collections(collect ? 'addCompetition' : 'removeCompetition', { body: { competition_id: competitionId } }),
  collectTeam: (teamId: number, collect: boolean) => collections(collect ? 'addTeam' : 'removeTeam', { body: { team_id: teamId } }),
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
