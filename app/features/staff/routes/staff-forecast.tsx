import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLoaderData, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { forecastPaths } from '../../../components/forecast/forecast-paths';
import { dangerButtonClass, FormAlert, inputClass, primaryButtonClass, secondaryButtonClass, TextField } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { formatNumber, useDateFormat } from '../../../lib/format';
import { useLocale, useLocalizedPath } from '../../../lib/locale';
import { pageMeta } from '../../../lib/page-meta';
import { useApiData } from '../../../lib/use-api-data';
import { Pagination } from '../components/pagination';
import { LoadState, StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { loadStaffAccess, type StaffAccess } from '../../../components/staff/staff-access';
import type { HidePlanData, ResettleData } from '../../../../core/contracts/forecast';
import { causeParts, parseIdInput, SETTLEMENTS_PAGE_SIZE, staffForecastApi } from '../staff-forecast-api';
import { pageCount, parsePageParam } from '../staff-lists';

export function loader(args: LoaderFunctionArgs) {
  return loadStaffAccess(args);
}

/** Never indexed; readers without a staff role get the 403 page's title. */
export const meta: MetaFunction = (args) => {
  const forbidden = (args.data as StaffAccess | undefined)?.allowed === false;
  return forbidden
    ? pageMeta(args, { namespace: 'staff', title: 'forbidden.title', description: 'page.description', noIndex: true })
    : pageMeta(args, { namespace: 'forecast', title: 'staff.title', description: 'staff.lead', noIndex: true });
};

/**
 * /staff/forecast: the prediction centre's moderation and settlement tools — hide a plan's
 * description with a reason (POST /api/staff/forecast/plans/:id/hide), the settlement log by
 * match (GET /api/staff/forecast/settlements) and re-running a match's settlement
 * (POST /api/staff/forecast/matches/:matchId/resettle).
 */
export default function StaffForecastRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <ForecastTools />
    </StaffGate>
  );
}

function ForecastTools() {
  const { t } = useTranslation('forecast');
  const [params] = useSearchParams();
  const matchFilter = parseIdInput(params.get('match') ?? '');
  const page = parsePageParam(params.get('page'));
  const [logVersion, setLogVersion] = useState(0);
  return (
    <StaffFrame title={t('staff.title')} lead={t('staff.lead')}>
      <div className="grid grid-cols-1 items-start gap-3 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-3 lg:col-start-2 lg:row-start-1">
          <HidePlanForm />
          <ResettleForm key={matchFilter ?? ''} initialMatch={matchFilter} onDone={() => setLogVersion((n) => n + 1)} />
        </div>
        <div className="lg:col-start-1 lg:row-start-1">
          <SettlementLog matchId={matchFilter} page={page} version={logVersion} />
        </div>
      </div>
    </StaffFrame>
  );
}

function HidePlanForm() {
  const { t } = useTranslation('forecast');
  const localize = useLocalizedPath();
  const [planId, setPlanId] = useState('');
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<{ planId?: string; reason?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [hidden, setHidden] = useState<HidePlanData | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const id = parseIdInput(planId);
    const trimmed = reason.trim();
    const problems = {
      ...(id === null ? { planId: t('staff.hide.planIdInvalid') } : {}),
      ...(trimmed === '' ? { reason: t('staff.hide.reasonRequired') } : trimmed.length > 200 ? { reason: t('staff.hide.reasonTooLong', { max: 200 }) } : {}),
    };
    setFields(problems);
    setError(null);
    setHidden(null);
    if (id === null || Object.keys(problems).length > 0) return;
    setPending(true);
    try {
      setHidden(await staffForecastApi.hidePlan(id, trimmed));
      setReason('');
    } catch (failure) {
      const details = apiErrorDetails(failure);
      if (details.fields.reason) setFields({ reason: details.fields.reason });
      setError(details.fields.reason ? null : (details.message ?? t('staff.failed')));
    } finally {
      setPending(false);
    }
  }

  return (
    <StaffCard aria-labelledby="staff-hide-title" data-testid="staff-hide-plan">
      <h2 id="staff-hide-title" className="text-lg font-bold">
        {t('staff.hide.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('staff.hide.lead')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 grid gap-3">
        {error ? <FormAlert>{error}</FormAlert> : null}
        {hidden !== null ? (
          <FormAlert tone="success">
            {t('staff.hide.done', { id: hidden.plan_id, reason: hidden.reason })}{' '}
            <Link to={localize(forecastPaths.plan(hidden.plan_id))} className="underline">
              {t('staff.hide.open')}
            </Link>
          </FormAlert>
        ) : null}
        <TextField label={t('staff.hide.planId')} name="planId" inputMode="numeric" value={planId} onChange={(event) => setPlanId(event.target.value)} error={fields.planId} />
        <TextField label={t('staff.hide.reason')} name="reason" value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} error={fields.reason} hint={t('staff.hide.reasonHint')} />
        <button type="submit" className={`${dangerButtonClass} justify-self-start`} disabled={pending}>
          {pending ? t('staff.working') : t('staff.hide.submit')}
        </button>
      </form>
    </StaffCard>
  );
}

function ResettleForm({ initialMatch, onDone }: { initialMatch: number | null; onDone: () => void }) {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  const [matchId, setMatchId] = useState(initialMatch === null ? '' : String(initialMatch));
  const [confirming, setConfirming] = useState<number | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ResettleData | null>(null);
  const [pending, setPending] = useState(false);

  function ask(event: FormEvent) {
    event.preventDefault();
    const id = parseIdInput(matchId);
    setFieldError(id === null ? t('staff.resettle.matchIdInvalid') : null);
    setError(null);
    setDone(null);
    setConfirming(id);
  }

  async function run(id: number) {
    setPending(true);
    setError(null);
    try {
      setDone(await staffForecastApi.resettle(id));
      setConfirming(null);
      onDone();
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('staff.failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <StaffCard aria-labelledby="staff-resettle-title" data-testid="staff-resettle">
      <h2 id="staff-resettle-title" className="text-lg font-bold">
        {t('staff.resettle.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('staff.resettle.lead')}</p>
      <form onSubmit={ask} noValidate className="mt-3 grid gap-3">
        {error ? <FormAlert>{error}</FormAlert> : null}
        {done ? (
          <div className="grid gap-1" data-testid="staff-resettle-done">
            <FormAlert tone="success">
              {done.written.length === 0
                ? t('staff.resettle.unchanged', { id: done.match_id })
                : t('staff.resettle.done', { id: done.match_id, count: done.written.length, formatted: formatNumber(done.written.length, locale) })}
            </FormAlert>
            {done.written.length > 0 ? (
              <ul className="text-sm">
                {done.written.map((row) => (
                  <li key={`${row.plan_id}:${row.version}`}>
                    {t('staff.resettle.row', {
                      plan: row.plan_id,
                      version: row.version,
                      from: row.previous_outcome ? t(`outcome.${row.previous_outcome}`) : t('status.open'),
                      to: t(`outcome.${row.outcome}`),
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <TextField
          label={t('staff.resettle.matchId')}
          name="matchId"
          inputMode="numeric"
          value={matchId}
          onChange={(event) => {
            setMatchId(event.target.value);
            setConfirming(null);
          }}
          error={fieldError}
        />
        {confirming === null ? (
          <button type="submit" className={`${secondaryButtonClass} justify-self-start`}>
            {t('staff.resettle.submit')}
          </button>
        ) : (
          <div className="grid gap-2">
            <p className="text-sm">{t('staff.resettle.confirm', { id: confirming })}</p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className={dangerButtonClass} disabled={pending} onClick={() => void run(confirming)} data-testid="staff-resettle-confirm">
                {pending ? t('staff.working') : t('staff.resettle.yes')}
              </button>
              <button type="button" className={secondaryButtonClass} disabled={pending} onClick={() => setConfirming(null)}>
                {t('staff.resettle.no')}
              </button>
            </div>
          </div>
        )}
      </form>
    </StaffCard>
  );
}

function SettlementLog({ matchId, page, version }: { matchId: number | null; page: number; version: number }) {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const formatDate = useDateFormat();
  const inputId = useId();
  const log = useApiData(`staff-settlements:${matchId ?? ''}:${page}:${version}`, () =>
    staffForecastApi.settlements({ ...(matchId === null ? {} : { match_id: matchId }), page, size: SETTLEMENTS_PAGE_SIZE }),
  );
  const { data } = log;
  const pages = data ? pageCount(data.total, data.size) : 1;
  const href = (n: number) => {
    const query = new URLSearchParams();
    if (matchId !== null) query.set('match', String(matchId));
    if (n > 1) query.set('page', String(n));
    const text = query.toString();
    return text === '' ? '?' : `?${text}`;
  };
  const score = (pair: [number, number] | null) => (pair ? `${pair[0]}–${pair[1]}` : '–');

  return (
    <StaffCard aria-labelledby="staff-settlements-title" data-testid="staff-settlements">
      <h2 id="staff-settlements-title" className="text-lg font-bold">
        {t('staff.log.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('staff.log.lead')}</p>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2" data-testid="staff-settlements-filter">
        <div className="grid gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('staff.log.match')}
          </label>
          <input key={matchId ?? ''} id={inputId} name="match" inputMode="numeric" defaultValue={matchId ?? ''} className={`${inputClass} w-40`} />
        </div>
        <button type="submit" className={primaryButtonClass}>
          {t('staff.log.filter')}
        </button>
        {matchId !== null ? (
          <Link to="?" className={secondaryButtonClass}>
            {t('staff.log.clear')}
          </Link>
        ) : null}
      </Form>
      <div className="mt-3">
        {data === null || log.error ? (
          <LoadState error={log.error} onRetry={log.reload} />
        ) : data.list.length === 0 ? (
          <p className="rounded-md bg-surface-muted px-4 py-4 text-sm">{matchId === null ? t('staff.log.empty') : t('staff.log.emptyMatch', { id: matchId })}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-busy={log.loading}>
              <caption className="sr-only">{t('staff.log.title')}</caption>
              <thead className="text-xs text-muted">
                <tr className="border-b border-line">
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('staff.log.columns.time')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('staff.log.columns.plan')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('staff.log.columns.match')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-end font-medium">
                    {t('staff.log.columns.version')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('staff.log.columns.outcome')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('staff.log.columns.score')}
                  </th>
                  <th scope="col" className="py-2 text-start font-medium">
                    {t('staff.log.columns.cause')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {data.list.map((row) => (
                  <tr key={row.id} data-testid="staff-settlement-row" data-plan-id={row.plan_id}>
                    <td className="py-2 pe-3 text-xs whitespace-nowrap text-muted">{formatDate(row.created_at)}</td>
                    <td className="py-2 pe-3">
                      <Link to={localize(forecastPaths.plan(row.plan_id))} className="font-semibold hover:text-accent">
                        #{row.plan_id}
                      </Link>
                    </td>
                    <td className="py-2 pe-3">
                      <Link to={`?match=${row.match_id}`} className="hover:text-accent" preventScrollReset>
                        #{row.match_id}
                      </Link>
                    </td>
                    <td className="py-2 pe-3 text-end tabular-nums">{formatNumber(row.version, locale)}</td>
                    <td className="py-2 pe-3">{t(`outcome.${row.outcome}`)}</td>
                    <td className="py-2 pe-3 whitespace-nowrap tabular-nums">
                      {score(row.score)}
                      {row.ht_score ? <span className="ms-1 text-xs text-muted">({t('card.halfTime', { score: score(row.ht_score) })})</span> : null}
                    </td>
                    <td className="py-2 text-xs">
                      <span className="block">{t(`staff.log.cause.${causeParts(row.cause).kind}`, { id: causeParts(row.cause).id })}</span>
                      <span className="block text-muted">{row.receipt.text}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {data ? <Pagination label={t('staff.log.pagination')} page={page} pages={pages} href={href} /> : null}
    </StaffCard>
  );
}
