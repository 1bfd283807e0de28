import { useTranslation } from 'react-i18next';
import { data, Form, Link, useLoaderData, useSearchParams, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { AUDIT_TARGET_TYPES, type AuditData } from '../../../../core/contracts/community-moderation';
import { loadStaffAccess } from '../../../components/staff/staff-access';
import { StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { staffMeta } from '../../../components/staff/staff-meta';
import { inputClass, secondaryButtonClass } from '../../../components/ui/field';
import { useDateFormat } from '../../../lib/format';
import { useLocalizedPath } from '../../../lib/locale';
import { parseAuditFilter, STAFF_COMMUNITY_AUDIT } from '../staff-moderation-api';

/** A page of the audit log by the address's filters, read on the server for staff only (decision 143); works without JavaScript. */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
  const access = loadStaffAccess(args);
  if (!access.data.allowed) return data({ allowed: false, audit: null as AuditData | null }, { status: 403 });
  const filter = parseAuditFilter(new URL(args.request.url).searchParams);
  return data({ allowed: true, audit: (await args.context.communityModeration?.audit({ ...filter, size: 50 })) ?? null });
}

export const meta = staffMeta('page.title');

/** /staff/community/audit: every staff action of the community, newest first, by staff member and by target (decision 143). */
export default function StaffAuditRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <AuditPage audit={access.audit} />
    </StaffGate>
  );
}

function AuditPage({ audit }: { audit: AuditData | null }) {
  const { t } = useTranslation('community');
  const formatDate = useDateFormat();
  const localize = useLocalizedPath();
  const [params] = useSearchParams();
  const filter = parseAuditFilter(params);
  const nextHref = (cursor: string) => {
    const next = new URLSearchParams(params);
    next.set('cursor', cursor);
    return `${localize(STAFF_COMMUNITY_AUDIT)}?${next.toString()}`;
  };
  return (
    <StaffFrame title={t('moderation.audit.title')} lead={t('moderation.audit.lead')}>
      <StaffCard aria-labelledby="staff-audit-filter">
        <h2 id="staff-audit-filter" className="sr-only">
          {t('moderation.audit.filter')}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-2 text-sm">
          <label className="grid gap-1">
            <span className="font-medium">{t('moderation.audit.staffId')}</span>
            <input name="staff_id" inputMode="numeric" defaultValue={filter.staff_id ?? ''} className={inputClass} />
          </label>
          <label className="grid gap-1">
            <span className="font-medium">{t('moderation.audit.targetType')}</span>
            <select name="target_type" defaultValue={filter.target_type ?? ''} className={inputClass}>
              <option value="">{t('moderation.audit.anyTarget')}</option>
              {AUDIT_TARGET_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`moderation.target.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1">
            <span className="font-medium">{t('moderation.audit.targetId')}</span>
            <input name="target_id" inputMode="numeric" defaultValue={filter.target_id ?? ''} className={inputClass} />
          </label>
          <button type="submit" className={secondaryButtonClass}>
            {t('moderation.audit.apply')}
          </button>
        </Form>
      </StaffCard>
      <StaffCard aria-labelledby="staff-audit-list">
        <h2 id="staff-audit-list" className="sr-only">
          {t('moderation.audit.title')}
        </h2>
        {audit === null || audit.list.length === 0 ? (
          <p className="text-sm text-muted">{t('moderation.audit.empty')}</p>
        ) : (
          <ul className="divide-y divide-line text-sm" data-testid="staff-audit">
            {audit.list.map((row) => (
              <li key={row.id} className="grid gap-0.5 py-2" data-testid="staff-audit-row" data-action={row.action}>
                <span>
                  <span className="font-medium">{t(`moderation.audit.actions.${row.action}`)}</span> · {t(`moderation.target.${row.target_type}`)}
                  {row.target_id !== null ? ` #${row.target_id}` : ''} · {row.target_label}
                </span>
                <span className="text-xs text-muted">
                  {row.staff.nickname} · {formatDate(row.created_at)}
                  {row.reason ? ` · ${t(`reportMessages.reason.${row.reason}`, { defaultValue: row.reason })}` : ''}
                  {row.note && !row.note.startsWith('event:') ? ` · ${row.note}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
        {audit?.next_cursor ? (
          <Link to={nextHref(audit.next_cursor)} className={`${secondaryButtonClass} mt-3 inline-block`}>
            {t('moderation.audit.next')}
          </Link>
        ) : null}
      </StaffCard>
    </StaffFrame>
  );
}
