import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { MODERATION_REASONS, type ModerationReason, type ReportCase, type ReportCasesData } from '../../../../core/contracts/community-moderation';
import { LocalLink } from '../../../components/local-link';
import { loadStaffAccess } from '../../../components/staff/staff-access';
import { StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { staffMeta } from '../../../components/staff/staff-meta';
import { dangerButtonClass, FormAlert, inputClass, linkClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useDateFormat } from '../../../lib/format';
import { STAFF_COMMUNITY_USERS, staffModerationApi } from '../staff-moderation-api';

/** The open cases, read on the server for staff only (decision 143). */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
  const access = loadStaffAccess(args);
  if (!access.data.allowed) return data({ allowed: false, reports: null as ReportCasesData | null }, { status: 403 });
  return data({ allowed: true, reports: (await args.context.communityModeration?.reports()) ?? null });
}

export const meta = staffMeta('page.title');

/**
 * /staff/community/reports: the open report cases (decision 143), newest first — what was
 * reported, by how many fans and why, whether the reports hid it — with hide, restore and delete
 * at hand. Deciding a case in the review queue (/staff/reviews) closes it.
 */
export default function StaffReportsRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <ReportsPage initial={access.reports} />
    </StaffGate>
  );
}

function ReportsPage({ initial }: { initial: ReportCasesData | null }) {
  const { t } = useTranslation('community');
  const [cases, setCases] = useState(initial);
  useEffect(() => setCases(initial), [initial]);
  const [notice, setNotice] = useState<string | null>(null);
  const list = cases?.list ?? [];
  return (
    <StaffFrame title={t('moderation.reports.title')} lead={t('moderation.reports.lead')}>
      <StaffCard aria-labelledby="staff-community-reports">
        <h2 id="staff-community-reports" className="sr-only">
          {t('moderation.reports.title')}
        </h2>
        {notice ? (
          <div className="mb-3" role="status">
            <FormAlert tone="success">{notice}</FormAlert>
          </div>
        ) : null}
        {list.length === 0 ? (
          <p className="rounded-md bg-surface-muted px-4 py-4 text-sm" data-testid="staff-reports-empty">
            {t('moderation.reports.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-line" data-testid="staff-reports">
            {list.map((entry) => (
              <CaseRow
                key={entry.id}
                entry={entry}
                onChanged={(status, message) => {
                  setCases((current) => (current ? { ...current, list: current.list.map((row) => (row.id === entry.id ? { ...row, status } : row)) } : current));
                  setNotice(message);
                }}
              />
            ))}
          </ul>
        )}
      </StaffCard>
    </StaffFrame>
  );
}

function CaseRow({ entry, onChanged }: { entry: ReportCase; onChanged: (status: string, message: string) => void }) {
  const { t } = useTranslation('community');
  const formatDate = useDateFormat();
  const id = useId();
  const [reason, setReason] = useState<ModerationReason | ''>('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const content = entry.target_type === 'user' ? null : entry.target_type;

  async function act(action: 'hide' | 'restore' | 'delete') {
    if (pending || !content) return;
    if (action !== 'restore' && reason === '') {
      setError(t('moderation.reasonMissing'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const done = await staffModerationApi.moderate(content, entry.target_id, { action, ...(action === 'restore' ? {} : { reason: reason as ModerationReason }) });
      onChanged(done.status, t(`moderation.done.${action}`));
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('moderation.failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <li className="grid gap-2 py-3" data-testid="staff-report-case" data-target={`${entry.target_type}:${entry.target_id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-semibold break-words">{entry.label}</p>
        <span className="text-xs whitespace-nowrap text-muted">{formatDate(entry.opened_at)}</span>
      </div>
      <p className="flex flex-wrap gap-x-2 gap-y-1 text-xs text-muted">
        <span className="rounded bg-surface-muted px-1.5 font-medium text-text">{t(`moderation.target.${entry.target_type}`)} #{entry.target_id}</span>
        <span data-testid="staff-report-status">{t(`moderation.status.${entry.status}`, { defaultValue: entry.status })}</span>
        <span>{t('moderation.reports.reporters', { count: entry.reporters })}</span>
        <span>
          {Object.entries(entry.reasons)
            .map(([code, count]) => `${t(`reportMessages.reason.${code}`, { defaultValue: code })} × ${count}`)
            .join(', ')}
        </span>
        <LocalLink to={`${STAFF_COMMUNITY_USERS}/${entry.target_user.id}`} className={linkClass}>
          {entry.target_user.nickname}
        </LocalLink>
        {entry.post_id !== null ? (
          <LocalLink to={`/community/community/postDetail/${entry.post_id}`} className={linkClass}>
            {t('moderation.reports.open')}
          </LocalLink>
        ) : null}
      </p>
      {content ? (
        <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => event.preventDefault()}>
          {error ? (
            <div className="w-full">
              <FormAlert>{error}</FormAlert>
            </div>
          ) : null}
          <label className="grid gap-1 text-sm" htmlFor={`${id}-reason`}>
            <span className="font-medium">{t('moderation.reason')}</span>
            <select id={`${id}-reason`} value={reason} onChange={(event) => setReason(event.target.value as ModerationReason | '')} className={inputClass}>
              <option value="">{t('moderation.reasonPlaceholder')}</option>
              {MODERATION_REASONS.map((code) => (
                <option key={code} value={code}>
                  {t(`reportMessages.reason.${code}`)}
                </option>
              ))}
            </select>
          </label>
          {entry.status === 'hidden' ? (
            <button type="button" className={primaryButtonClass} disabled={pending} onClick={() => act('restore')} data-testid="staff-report-restore">
              {t('moderation.action.restore')}
            </button>
          ) : null}
          {entry.status === 'published' ? (
            <button type="button" className={secondaryButtonClass} disabled={pending} onClick={() => act('hide')}>
              {t('moderation.action.hide')}
            </button>
          ) : null}
          {entry.status !== 'deleted' ? (
            <button type="button" className={dangerButtonClass} disabled={pending} onClick={() => act('delete')}>
              {t('moderation.action.delete')}
            </button>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}
