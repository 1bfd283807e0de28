import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { data, useLoaderData, useParams, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { MODERATION_REASONS, SUSPENSION_DAYS_MAX, type FanModerationData, type ModerationReason, type SanctionKind } from '../../../../core/contracts/community-moderation';
import { loadStaffAccess, parseUserIdParam } from '../../../components/staff/staff-access';
import { StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { staffMeta } from '../../../components/staff/staff-meta';
import { dangerButtonClass, FormAlert, inputClass, primaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useDateFormat } from '../../../lib/format';
import { STAFF_COMMUNITY_REPORTS, staffModerationApi } from '../staff-moderation-api';

/** The fan's sanctions and the reports about them, read on the server for staff only (decision 143); no such user: 404. */
export async function loader(args: LoaderFunctionArgs<AppLoadContext>) {
  const access = loadStaffAccess(args);
  if (!access.data.allowed) return data({ allowed: false, fan: null as FanModerationData | null }, { status: 403 });
  const id = parseUserIdParam(args.params.id, new URL(args.request.url).pathname);
  const fan = (await args.context.communityModeration?.fan(id)) ?? null;
  return data({ allowed: true, fan }, { status: fan ? 200 : 404 });
}

export const meta = staffMeta('page.userTitle');

/** /staff/community/users/:id: a fan's suspensions and bans (give, lift) and the reports about them (decision 143). */
export default function StaffFanRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <FanPage initial={access.fan} />
    </StaffGate>
  );
}

function FanPage({ initial }: { initial: FanModerationData | null }) {
  const { t } = useTranslation('community');
  const id = Number(useParams().id);
  const [fan, setFan] = useState(initial);
  useEffect(() => setFan(initial), [initial]);
  const back = { to: STAFF_COMMUNITY_REPORTS, label: t('moderation.reports.title') };
  if (fan === null) {
    return (
      <StaffFrame title={t('moderation.fan.title', { nickname: `#${id}` })} back={back}>
        <StaffCard>
          <FormAlert>{t('moderation.fan.notFound')}</FormAlert>
        </StaffCard>
      </StaffFrame>
    );
  }
  return <FanView data={fan} onChange={setFan} back={back} />;
}

function FanView({ data, onChange, back }: { data: FanModerationData; onChange: (data: FanModerationData) => void; back: { to: string; label: string } }) {
  const { t } = useTranslation('community');
  const formatDate = useDateFormat();
  const formId = useId();
  const [kind, setKind] = useState<SanctionKind>('suspension');
  const [days, setDays] = useState('3');
  const [reason, setReason] = useState<ModerationReason | ''>('');
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function run(work: () => Promise<FanModerationData>, done: string) {
    if (pending) return;
    setPending(true);
    setError(null);
    setNotice(null);
    try {
      onChange(await work());
      setNotice(done);
      setNote('');
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('moderation.failed'));
    } finally {
      setPending(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason === '') {
      setError(t('moderation.reasonMissing'));
      return;
    }
    const trimmed = note.trim();
    void run(
      () => staffModerationApi.sanction(data.user.id, { kind, reason, ...(kind === 'suspension' ? { days: Number(days) } : {}), ...(trimmed ? { note: trimmed } : {}) }),
      t(`moderation.fan.done.${kind}`),
    );
  }

  const active = data.active;
  return (
    <StaffFrame title={t('moderation.fan.title', { nickname: data.user.nickname })} back={back}>
      <StaffCard aria-labelledby="staff-fan-restriction">
        <h2 id="staff-fan-restriction" className="text-base font-semibold">
          {t('moderation.fan.restriction')}
        </h2>
        {notice ? (
          <div className="mt-2">
            <FormAlert tone="success">{notice}</FormAlert>
          </div>
        ) : null}
        {error ? (
          <div className="mt-2">
            <FormAlert>{error}</FormAlert>
          </div>
        ) : null}
        <p className="mt-2 text-sm" data-testid="staff-fan-active">
          {active
            ? active.kind === 'ban'
              ? t('moderation.fan.banned', { date: formatDate(active.starts_at) })
              : t('moderation.fan.suspended', { date: formatDate(active.ends_at ?? active.starts_at) })
            : t('moderation.fan.none')}
        </p>
        {active ? (
          <button
            type="button"
            className={`${primaryButtonClass} mt-2`}
            disabled={pending}
            onClick={() => run(() => staffModerationApi.lift(data.user.id, note.trim()), t('moderation.fan.done.lifted'))}
            data-testid="staff-fan-lift"
          >
            {t('moderation.fan.lift')}
          </button>
        ) : null}
        <form className="mt-3 grid gap-2 sm:grid-cols-4" onSubmit={submit}>
          <label className="grid gap-1 text-sm" htmlFor={`${formId}-kind`}>
            <span className="font-medium">{t('moderation.fan.kind')}</span>
            <select id={`${formId}-kind`} value={kind} onChange={(event) => setKind(event.target.value as SanctionKind)} className={inputClass}>
              <option value="suspension">{t('moderation.fan.kinds.suspension')}</option>
              <option value="ban">{t('moderation.fan.kinds.ban')}</option>
            </select>
          </label>
          <label className="grid gap-1 text-sm" htmlFor={`${formId}-days`}>
            <span className="font-medium">{t('moderation.fan.days')}</span>
            <input id={`${formId}-days`} type="number" min={1} max={SUSPENSION_DAYS_MAX} value={days} disabled={kind === 'ban'} onChange={(event) => setDays(event.target.value)} className={inputClass} />
          </label>
          <label className="grid gap-1 text-sm" htmlFor={`${formId}-reason`}>
            <span className="font-medium">{t('moderation.reason')}</span>
            <select id={`${formId}-reason`} value={reason} onChange={(event) => setReason(event.target.value as ModerationReason | '')} className={inputClass}>
              <option value="">{t('moderation.reasonPlaceholder')}</option>
              {MODERATION_REASONS.map((code) => (
                <option key={code} value={code}>
                  {t(`reportMessages.reason.${code}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm" htmlFor={`${formId}-note`}>
            <span className="font-medium">{t('moderation.note')}</span>
            <input id={`${formId}-note`} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} className={inputClass} />
          </label>
          <div className="sm:col-span-4">
            <button type="submit" className={dangerButtonClass} disabled={pending}>
              {t(`moderation.fan.give.${kind}`)}
            </button>
          </div>
        </form>
      </StaffCard>
      <StaffCard aria-labelledby="staff-fan-history">
        <h2 id="staff-fan-history" className="text-base font-semibold">
          {t('moderation.fan.history')}
        </h2>
        {data.history.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t('moderation.fan.historyEmpty')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-line text-sm">
            {data.history.map((row) => (
              <li key={row.id} className="py-2">
                <span className="font-medium">{t(`moderation.fan.kinds.${row.kind}`)}</span> · {t(`reportMessages.reason.${row.reason}`, { defaultValue: row.reason })} ·{' '}
                {formatDate(row.starts_at)}
                {row.ends_at ? ` → ${formatDate(row.ends_at)}` : ''}
                {row.lifted_at ? ` · ${t('moderation.fan.liftedOn', { date: formatDate(row.lifted_at) })}` : ''} · {row.created_by.nickname}
                {row.note ? <span className="block text-muted">{row.note}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </StaffCard>
      <StaffCard aria-labelledby="staff-fan-reports">
        <h2 id="staff-fan-reports" className="text-base font-semibold">
          {t('moderation.fan.reports')}
        </h2>
        {data.reports.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t('moderation.fan.reportsEmpty')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-line text-sm">
            {data.reports.map((row) => (
              <li key={row.id} className="py-2">
                {t(`moderation.target.${row.target_type}`)} #{row.target_id} · {t(`reportMessages.reason.${row.reason}`, { defaultValue: row.reason })} · {row.reporter.nickname} · {formatDate(row.created_at)}
                {row.note ? <span className="block text-muted">{row.note}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </StaffCard>
    </StaffFrame>
  );
}
