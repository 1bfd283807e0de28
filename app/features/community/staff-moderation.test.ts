import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuditQuery, CommunityModerationReads } from '../../../core/contracts/community-moderation';
import { makeUserInfo } from '../../test-support/user-info';
import { loader as auditLoader } from './routes/staff-audit';
import { loader as fanLoader } from './routes/staff-fan';
import { action as reportsAction, loader as reportsLoader } from './routes/staff-reports';
import { parseAuditFilter } from './staff-moderation-api';

/** The reads, recording what they were asked. */
function reads(asked: unknown[]): CommunityModerationReads {
  return {
    reports: async () => ({ list: [] }),
    fan: async (id) => (id === 7 ? { user: { id: 7, nickname: 'Ali', role: 'user', status: 'active' }, active: null, history: [], reports: [] } : null),
    reviewWords: async () => ({ words: [] }),
    audit: async (query: AuditQuery) => {
      asked.push(query);
      return { list: [], next_cursor: null };
    },
  };
}

function args(path: string, role: 'user' | 'staff', asked: unknown[], params: Record<string, string> = {}) {
  const context = { currentUser: makeUserInfo({ role }), communityModeration: reads(asked) } as unknown as AppLoadContext;
  return { context, request: new Request(`http://tribun.test${path}`), params } as Parameters<typeof reportsLoader>[0];
}

describe('the moderation pages’ loaders', () => {
  it('read nothing for a fan (403) and the data for staff', async () => {
    const asked: unknown[] = [];
    const refused = await auditLoader(args('/staff/community/audit', 'user', asked));
    expect(refused.init?.status).toBe(403);
    expect(refused.data).toEqual({ allowed: false, audit: null });
    expect(asked).toEqual([]);
    const shown = await reportsLoader(args('/staff/community/reports', 'staff', asked));
    expect(shown.data).toEqual({ allowed: true, reports: { list: [] } });
  });

  it('hands the audit log the address’s filters, dropping what is not one', async () => {
    const asked: unknown[] = [];
    await auditLoader(args('/en/staff/community/audit?staff_id=4&target_type=post&target_id=x&cursor=0', 'staff', asked));
    expect(asked).toEqual([{ staff_id: 4, target_type: 'post', size: 50 }]);
    expect(parseAuditFilter(new URLSearchParams('target_type=planet&target_id=12&cursor=99'))).toEqual({ target_id: 12, cursor: 99 });
  });

  it('answers 404 for a fan who does not exist', async () => {
    const found = await fanLoader(args('/staff/community/users/7', 'staff', [], { id: '7' }));
    expect(found.data.fan?.user.nickname).toBe('Ali');
    const missing = await fanLoader(args('/staff/community/users/8', 'staff', [], { id: '8' }));
    expect(missing.init?.status).toBe(404);
    expect(missing.data.fan).toBeNull();
  });

  it('refuses the reports page’s form to a fan before anything is read or written', async () => {
    let asked = 0;
    const context = { currentUser: makeUserInfo({ role: 'user' }), communityModerationForms: { moderate: async () => { asked++; throw new Error('not for fans'); } } } as unknown as AppLoadContext;
    const request = new Request('http://tribun.test/staff/community/reports', { method: 'POST', body: new URLSearchParams({ target: 'post', id: '1', intent: 'delete', reason: 'spam' }) });
    const refused = await reportsAction({ context, request, params: {} } as Parameters<typeof reportsAction>[0]).catch((error: unknown) => error);
    expect((refused as { init: { status: number } }).init.status).toBe(403);
    expect(asked).toBe(0);
  });
});
