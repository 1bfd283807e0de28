import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import type { StaffDeduction, StaffSeasonDeductionsData } from '../../../../core/contracts/imports';
import { dangerButtonClass, FormAlert, inputClass, primaryButtonClass, secondaryButtonClass, TextField } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { formatNumber, useDateFormat } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { useApiData } from '../../../lib/use-api-data';
import { LoadState, StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import {
  checkDeductionForm,
  deductionMessageKey,
  EMPTY_DEDUCTION_FORM,
  seasonPageMeta,
  STAFF_SEASONS,
  type DeductionField,
  type DeductionFormValues,
} from '../season-imports';
import { loadStaffAccess, parseUserIdParam } from '../../../components/staff/staff-access';
import { seasonsApi } from '../staff-seasons-api';

export function loader(args: LoaderFunctionArgs) {
  const access = loadStaffAccess(args);
  // Only staff learn whether an address is malformed: everyone else gets the same 403.
  if (access.data.allowed) parseUserIdParam(args.params.id, new URL(args.request.url).pathname);
  return access;
}

export const meta = seasonPageMeta('season.title');

/** /staff/seasons/:id: a season's point deductions (GET/POST …/deductions, DELETE /api/staff/deductions/:id). */
export default function StaffSeasonRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <SeasonDeductions />
    </StaffGate>
  );
}

function SeasonDeductions() {
  const { t } = useTranslation('staff');
  const seasonId = Number(useParams().id);
  const season = useApiData(`staff-season:${seasonId}`, () => seasonsApi.seasonDeductions(seasonId));
  const { data } = season;
  const back = { to: STAFF_SEASONS, label: t('season.back') };

  if (data === null || season.error) {
    const notFound = apiErrorDetails(season.error).status === 404;
    return (
      <StaffFrame title={t('season.title')} back={back}>
        <StaffCard>{notFound ? <FormAlert>{t('season.notFound')}</FormAlert> : <LoadState error={season.error} onRetry={season.reload} />}</StaffCard>
      </StaffFrame>
    );
  }

  const update = (change: (list: StaffDeduction[]) => StaffDeduction[]) =>
    season.update((current: StaffSeasonDeductionsData) => ({ ...current, list: change(current.list) }));

  return (
    <StaffFrame
      title={
        <span data-testid="staff-season-title">
          {data.season.competition_name} {data.season.name}
        </span>
      }
      back={back}
      lead={t('season.lead', { rules: t(`rules.${data.season.rules}`, { defaultValue: data.season.rules }), matches: data.season.matches })}
    >
      <div className="grid items-start gap-3 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="lg:col-start-2 lg:row-start-1">
          <AddDeductionForm seasonId={seasonId} teams={data.teams} onAdded={(deduction) => update((list) => [...list, deduction])} />
        </div>
        <StaffCard aria-labelledby="staff-deductions-title" className="lg:col-start-1 lg:row-start-1">
          <h2 id="staff-deductions-title" className="text-lg font-bold">
            {t('season.deductions')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('season.deductionsLead')}</p>
          <div className="mt-3">
            {data.list.length === 0 ? (
              <p className="rounded-md bg-surface-muted px-4 py-4 text-sm">{t('season.empty')}</p>
            ) : (
              <ul className="divide-y divide-line" data-testid="staff-deductions">
                {data.list.map((deduction) => (
                  <DeductionRow key={deduction.id} deduction={deduction} onRemoved={() => update((list) => list.filter((row) => row.id !== deduction.id))} />
                ))}
              </ul>
            )}
          </div>
        </StaffCard>
      </div>
    </StaffFrame>
  );
}

function DeductionRow({ deduction, onRemoved }: { deduction: StaffDeduction; onRemoved: () => void }) {
  const { t } = useTranslation('staff');
  const locale = useLocale();
  const formatDate = useDateFormat();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setPending(true);
    setError(null);
    try {
      await seasonsApi.deleteDeduction(deduction.id);
      onRemoved();
    } catch (failure) {
      const details = apiErrorDetails(failure);
      // Already gone (another tab, another staff member): the list catches up.
      if (details.status === 404) onRemoved();
      else setError(details.message ?? t('season.removeFailed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <li className="grid gap-1 py-3" data-testid="staff-deduction" data-deduction-id={deduction.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold">
          {deduction.team_name}{' '}
          <span className="text-accent tabular-nums">{t('season.points', { count: deduction.points, formatted: formatNumber(deduction.points, locale) })}</span>
        </p>
        <p className="text-xs text-muted">
          {deduction.created_by ? t('season.by', { nickname: deduction.created_by.nickname, id: deduction.created_by.id }) : t('season.byImport')} ·{' '}
          {formatDate(deduction.created_at, { dateStyle: 'medium' })}
        </p>
      </div>
      <p className="text-sm break-words">{deduction.reason}</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="flex flex-wrap items-center gap-2">
        {confirming ? (
          <>
            <span className="text-sm">{t('season.removeConfirm')}</span>
            <button type="button" className={dangerButtonClass} disabled={pending} onClick={() => void remove()} data-testid="staff-deduction-remove-confirm">
              {pending ? t('season.removing') : t('season.removeYes')}
            </button>
            <button type="button" className={secondaryButtonClass} disabled={pending} onClick={() => setConfirming(false)}>
              {t('season.removeNo')}
            </button>
          </>
        ) : (
          <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)} data-testid="staff-deduction-remove">
            {t('season.remove')}
          </button>
        )}
      </div>
    </li>
  );
}

function AddDeductionForm({
  seasonId,
  teams,
  onAdded,
}: {
  seasonId: number;
  teams: StaffSeasonDeductionsData['teams'];
  onAdded: (deduction: StaffDeduction) => void;
}) {
  const { t } = useTranslation('staff');
  const teamId = useId();
  const [values, setValues] = useState<DeductionFormValues>(EMPTY_DEDUCTION_FORM);
  const [errors, setErrors] = useState<Partial<Record<DeductionField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  function change(patch: Partial<DeductionFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setDone(null);
    setFormError(null);
    setErrors((current) => {
      const next = { ...current };
      if ('team' in patch) delete next.team_id;
      if ('points' in patch) delete next.points;
      if ('reason' in patch) delete next.reason;
      return next;
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setDone(null);
    const check = checkDeductionForm(values);
    if (!check.ok) {
      setErrors(Object.fromEntries(Object.entries(check.errors).map(([field, key]) => [field, t(deductionMessageKey(key))])));
      return;
    }
    inFlight.current = true;
    setPending(true);
    setErrors({});
    setFormError(null);
    try {
      const deduction = await seasonsApi.addDeduction(seasonId, check.body);
      onAdded(deduction);
      setDone(t('season.added', { team: deduction.team_name, count: deduction.points }));
      setValues(EMPTY_DEDUCTION_FORM);
    } catch (error) {
      const details = apiErrorDetails(error);
      const fields: Partial<Record<DeductionField, string>> = {};
      for (const field of ['team_id', 'points', 'reason'] as const) if (details.fields[field]) fields[field] = details.fields[field];
      setErrors(fields);
      if (details.status === 0) setFormError(t('season.network'));
      else if (Object.keys(fields).length === 0) setFormError(details.message ?? t('season.addFailed'));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return (
    <StaffCard aria-labelledby="staff-add-deduction" className="lg:sticky lg:top-16">
      <h2 id="staff-add-deduction" className="text-lg font-bold">
        {t('season.add.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('season.add.lead')}</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4" aria-busy={pending} data-testid="staff-deduction-form">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        {done ? <FormAlert tone="success">{done}</FormAlert> : null}
        <div className="grid gap-1">
          <label htmlFor={teamId} className="text-sm font-medium">
            {t('season.add.team')}
          </label>
          <select
            id={teamId}
            name="team"
            value={values.team}
            onChange={(event) => change({ team: event.target.value })}
            aria-invalid={errors.team_id ? true : undefined}
            aria-describedby={errors.team_id ? `${teamId}-error` : undefined}
            className={inputClass}
          >
            <option value="">{t('season.add.chooseTeam')}</option>
            {teams.map((team) => (
              <option key={team.team_id} value={String(team.team_id)}>
                {team.team_name}
              </option>
            ))}
          </select>
          {errors.team_id ? (
            <p id={`${teamId}-error`} data-field-error="team_id" className="text-xs font-medium text-accent">
              {errors.team_id}
            </p>
          ) : null}
        </div>
        <TextField
          label={t('season.add.points')}
          name="points"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          value={values.points}
          error={errors.points}
          hint={t('season.add.pointsHint')}
          onChange={(event) => change({ points: event.target.value })}
        />
        <TextField
          label={t('season.add.reason')}
          name="reason"
          autoComplete="off"
          maxLength={500}
          value={values.reason}
          error={errors.reason}
          placeholder={t('season.add.reasonPlaceholder')}
          hint={t('season.add.reasonHint')}
          onChange={(event) => change({ reason: event.target.value })}
        />
        <div>
          <button type="submit" disabled={pending} className={`${primaryButtonClass} w-full sm:w-auto`} data-testid="staff-deduction-submit">
            {pending ? t('season.add.saving') : t('season.add.submit')}
          </button>
        </div>
      </form>
    </StaffCard>
  );
}
