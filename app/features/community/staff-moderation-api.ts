import type { AuditQuery, ModerateBody, ReviewWordBody, SanctionBody } from '../../../core/contracts/community-moderation';
import { endpointCalls } from '../../lib/endpoint-calls';

/**
 * The community's staff moderation endpoints (core/contracts/community-moderation.ts, decision
 * 143), for the browser: each returns the answer's `data`, checked against the contract.
 */

export const STAFF_COMMUNITY_REPORTS = '/staff/community/reports';
export const STAFF_COMMUNITY_USERS = '/staff/community/users';
export const STAFF_COMMUNITY_WORDS = '/staff/community/words';
export const STAFF_COMMUNITY_AUDIT = '/staff/community/audit';

const moderation = endpointCalls(async () => (await import('../../../core/contracts/community-moderation')).communityModerationEndpoints);

export const staffModerationApi = {
  reports: () => moderation('reports'),
  moderate: (target: 'post' | 'comment', id: number, body: ModerateBody) => moderation(target === 'post' ? 'moderatePost' : 'moderateComment', { params: { id }, body }),
  fan: (id: number) => moderation('fan', { params: { id } }),
  sanction: (id: number, body: SanctionBody) => moderation('sanction', { params: { id }, body }),
  lift: (id: number, note: string) => moderation('lift', { params: { id }, body: note ? { note } : {} }),
  words: () => moderation('reviewWords'),
  addWord: (body: ReviewWordBody) => moderation('addReviewWord', { body }),
  removeWord: (body: ReviewWordBody) => moderation('removeReviewWord', { body }),
  audit: (query: Partial<Pick<AuditQuery, 'staff_id' | 'target_type' | 'target_id' | 'cursor'>>) => moderation('audit', { query: { size: 50, ...query } }),
};

/** The audit page's filters from its address: whole numbers and a known target type, anything else left out. */
export function parseAuditFilter(params: URLSearchParams): Partial<Pick<AuditQuery, 'staff_id' | 'target_type' | 'target_id' | 'cursor'>> {
  const whole = (raw: string | null) => (raw !== null && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined);
  const type = params.get('target_type');
  const types = ['post', 'comment', 'user', 'word', 'report'] as const;
  const filter: Partial<Pick<AuditQuery, 'staff_id' | 'target_type' | 'target_id' | 'cursor'>> = {};
  const staffId = whole(params.get('staff_id'));
  const targetId = whole(params.get('target_id'));
  const cursor = whole(params.get('cursor'));
  if (staffId) filter.staff_id = staffId;
  if (type && (types as readonly string[]).includes(type)) filter.target_type = type as (typeof types)[number];
  if (targetId) filter.target_id = targetId;
  if (cursor) filter.cursor = cursor;
  return filter;
}
