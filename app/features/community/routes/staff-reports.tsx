import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { data, useActionData, useLoaderData, useRevalidator, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { MODERATION_ACTIONS, MODERATION_REASONS, type ModerationReason, type ReportCase, type ReportCasesData } from '../../../../core/contracts/community-moderation';
import { LocalLink } from '../../../components/local-link';
import { canUseStaffConsole, loadStaffAccess } from '../../../components/staff/staff-access';
import { StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { staffMeta } from '../../../components/staff/staff-meta';
import { dangerButtonClass, FormAlert, inputClass, linkClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { pageLocale, pick, readFormFields } from '../../../lib/forms/form-action.server';
import { useDateFormat } from '../../../lib/format';
import { STAFF_COMMUNITY_USERS, staffModerationApi } from '../staff-moderation-api';

/** The open cases, read on the server for staff only (decision 143). */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
  const access = loadStaffAccess(args);
  if (!access.data.allowed) return data({ allowed: false, reports: null as ReportCasesData | null }, { status: 403 });
  return data({ allowed: true, reports: (await args.context.communityModeration?.reports()) ?? null });
}

/**
 * Hide, restore or delete posted as a plain form, before or without the page's scripts (decision
 * 100); with them the same form calls the staff endpoint and reads the cases again.
 */
export async function action({ request, context }: ActionFunctionArgs<AppLoadContext>) {
  if (!canUseStaffConsole(context.currentUser)) throw data(null, { status: 403 });
  if (!context.communityModerationForms) throw data(null, { status: 405 });
  const fields = pick(await readFormFields(request), ['target', 'id', 'intent', 'reason'] as const);
  const result = await context.communityModerationForms.moderate({
    body: { target: fields.target, id: fields.id, action: fields.intent, reason: fields.reason },
    locale: pageLocale(request),
  });
  const where = `${fields.target}:${fields.id}`;
  if (!result.ok) return data({ ok: false as const, where, intent: fields.intent, message: result.message }, { status: result.status });
  return data({ ok: true as const, where, intent: fields.intent, message: null });
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
  const answered = useActionData<typeof action>();
  const [notice, setNotice] = useState<string | null>(null);
  const list = initial?.list ?? [];
  const posted = answered?.ok && (MODERATION_ACTIONS as readonly string[]).includes(answered.intent) ? t(`moderation.done.${answered.intent}`) : null;
  const done = notice ?? posted;
  return (
    <StaffFrame title={t('moderation.reports.title')} lead={t('moderation.reports.lead')}>
      <StaffCard aria-labelledby="staff-community-reports">
        <h2 id="staff-community-reports" className="sr-only">
          {t('moderation.reports.title')}
        </h2>
        {done ? (
          <div className="mb-3" role="status">
            <FormAlert tone="success">{done}</FormAlert>
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
                posted={answered && !answered.ok && answered.where === `${entry.target_type}:${entry.target_id}` ? answered.message : null}
                onDone={setNotice}
              />
            ))}
          </ul>
        )}
      </StaffCard>
    </StaffFrame>
  );
}

function CaseRow({ entry, posted, onDone }: { entry: ReportCase; posted: string | null; onDone: (notice: string) => void }) {
  const { t } = useTranslation('community');
  const formatDate = useDateFormat();
  const id = useId();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const failure = error ?? posted;
  const content = entry.target_type === 'user' ? null : entry.target_type;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value;
    if (pending || !content || !intent || !(MODERATION_ACTIONS as readonly string[]).includes(intent)) return;
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    setPending(true);
    setError(null);
    try {
      await staffModerationApi.moderate(content, entry.target_id, { action: intent as (typeof MODERATION_ACTIONS)[number], ...(reason ? { reason: reason as ModerationReason } : {}) });
      // the cases read again, then the notice: the row shows its new status when it is said
      await revalidator.revalidate();
      onDone(t(`moderation.done.${intent}`));
    } catch (failed) {
      setError(apiErrorDetails(failed).message ?? t('moderation.failed'));
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
        <span className="rounded bg-surface-muted px-1.5 font-medium text-text">
          {t(`moderation.target.${entry.target_type}`)} #{entry.target_id}
        </span>
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
        <form method="post" onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-busy={pending}>
          {failure ? (
            <div className="w-full">
              <FormAlert>{failure}</FormAlert>
            </div>
          ) : null}
          <input type="hidden" name="target" value={content} />
          <input type="hidden" name="id" value={entry.target_id} />
          <label className="grid gap-1 text-sm" htmlFor={`${id}-reason`}>
            <span className="font-medium">{t('moderation.reason')}</span>
            <select id={`${id}-reason`} name="reason" defaultValue="" className={inputClass}>
              <option value="">{t('moderation.reasonPlaceholder')}</option>
              {MODERATION_REASONS.map((code) => (
                <option key={code} value={code}>
                  {t(`reportMessages.reason.${code}`)}
                </option>
              ))}
            </select>
          </label>
          {entry.status === 'hidden' ? (
            <button type="submit" name="intent" value="restore" className={primaryButtonClass} disabled={pending} data-testid="staff-report-restore">
              {t('moderation.action.restore')}
            </button>
          ) : null}
          {entry.status === 'published' ? (
            <button type="submit" name="intent" value="hide" className={secondaryButtonClass} disabled={pending}>
              {t('moderation.action.hide')}
            </button>
          ) : null}
          {entry.status !== 'deleted' ? (
            <button type="submit" name="intent" value="delete" className={dangerButtonClass} disabled={pending}>
              {t('moderation.action.delete')}
            </button>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}
