import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ImportResult } from '../../../../core/contracts/imports';
import { LocalLink } from '../../../components/local-link';
import { FormAlert, inputClass, linkClass, primaryButtonClass, TextField } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import {
  checkImportForm,
  EMPTY_IMPORT_FORM,
  importFieldErrors,
  RULES_CHOICES,
  seasonPageMeta,
  staffSeasonPath,
  warningText,
  type ImportFormField,
  type ImportFormValues,
} from '../season-imports';
import { loadStaffAccess } from '../../../components/staff/staff-access';
import { seasonsApi } from '../staff-seasons-api';

export function loader(args: LoaderFunctionArgs) {
  return loadStaffAccess(args);
}

export const meta = seasonPageMeta('imports.title');

/** /staff/imports: import an openfootball season file (POST /api/staff/imports/openfootball). */
export default function StaffImportsRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <Imports />
    </StaffGate>
  );
}

function Imports() {
  const { t } = useTranslation('staff');
  const [result, setResult] = useState<ImportResult | null>(null);
  return (
    <StaffFrame title={t('imports.title')} lead={t('imports.lead')}>
      <div className="grid items-start gap-3 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <ImportForm onImported={setResult} />
        {result ? <ImportAnswer result={result} /> : null}
      </div>
    </StaffFrame>
  );
}

type FieldErrors = Partial<Record<ImportFormField | 'rules', string>>;

function ImportForm({ onImported }: { onImported: (result: ImportResult) => void }) {
  const { t } = useTranslation('staff');
  const ids = { file: useId(), rules: useId(), deductions: useId() };
  const [values, setValues] = useState<ImportFormValues>(EMPTY_IMPORT_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  function change(patch: Partial<ImportFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setFormError(null);
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[field as ImportFormField];
      return next;
    });
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    change({ file: file ? { name: file.name, text: await file.text() } : null });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const check = checkImportForm(values);
    if (!check.ok) {
      setErrors(Object.fromEntries(Object.entries(check.errors).map(([field, key]) => [field, t(key)])));
      return;
    }
    inFlight.current = true;
    setPending(true);
    setErrors({});
    setFormError(null);
    try {
      onImported(await seasonsApi.importOpenfootball(check.body));
    } catch (error) {
      const details = apiErrorDetails(error);
      const fields = importFieldErrors(details.fields);
      setErrors(fields);
      setFormError(details.status === 0 ? t('imports.network') : (details.message ?? t('imports.failed')));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  const errorOf = (field: keyof FieldErrors) => errors[field] ?? null;
  return (
    <StaffCard aria-labelledby="staff-import-title">
      <h2 id="staff-import-title" className="text-lg font-bold">
        {t('imports.form.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('imports.form.lead')}</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4" aria-busy={pending} data-testid="staff-import-form">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <div className="grid gap-1">
          <label htmlFor={ids.file} className="text-sm font-medium">
            {t('imports.form.file')}
          </label>
          <input
            id={ids.file}
            name="file"
            type="file"
            accept=".json,.txt,application/json,text/plain"
            onChange={(event) => void chooseFile(event)}
            aria-invalid={errorOf('file') ? true : undefined}
            aria-describedby={`${ids.file}-hint${errorOf('file') ? ` ${ids.file}-error` : ''}`}
            className="block w-full text-sm file:me-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:font-semibold"
          />
          <p id={`${ids.file}-hint`} className="text-xs text-muted">
            {t('imports.form.fileHint')}
          </p>
          {errorOf('file') ? (
            <p id={`${ids.file}-error`} data-field-error="file" className="text-xs font-medium break-words text-accent">
              {errorOf('file')}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.rules} className="text-sm font-medium">
            {t('imports.form.rules')}
          </label>
          <select id={ids.rules} name="rules" value={values.rules} onChange={(event) => change({ rules: event.target.value })} className={inputClass}>
            {RULES_CHOICES.map((rules) => (
              <option key={rules} value={rules}>
                {rules === '' ? t('imports.form.rulesDefault') : t(`rules.${rules}`)}
              </option>
            ))}
          </select>
          {errorOf('rules') ? <p className="text-xs font-medium text-accent">{errorOf('rules')}</p> : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('imports.form.season')}
            name="season"
            autoComplete="off"
            placeholder="2023/24"
            maxLength={7}
            value={values.season}
            error={errorOf('season')}
            hint={t('imports.form.seasonHint')}
            onChange={(event) => change({ season: event.target.value })}
          />
          <TextField
            label={t('imports.form.competition')}
            name="competition"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            value={values.competition}
            error={errorOf('competition')}
            hint={t('imports.form.competitionHint')}
            onChange={(event) => change({ competition: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.deductions} className="text-sm font-medium">
            {t('imports.form.deductions')}
          </label>
          <textarea
            id={ids.deductions}
            name="deductions"
            rows={4}
            spellCheck={false}
            placeholder='[{"team": "Everton FC", "points": 6, "reason": "…"}]'
            value={values.deductions}
            onChange={(event) => change({ deductions: event.target.value })}
            aria-invalid={errorOf('deductions') ? true : undefined}
            aria-describedby={`${ids.deductions}-hint${errorOf('deductions') ? ` ${ids.deductions}-error` : ''}`}
            className={`${inputClass} font-mono text-xs`}
          />
          <p id={`${ids.deductions}-hint`} className="text-xs text-muted">
            {t('imports.form.deductionsHint')}
          </p>
          {errorOf('deductions') ? (
            <p id={`${ids.deductions}-error`} data-field-error="deductions" className="text-xs font-medium break-words text-accent">
              {errorOf('deductions')}
            </p>
          ) : null}
        </div>
        <div>
          <button type="submit" disabled={pending} className={`${primaryButtonClass} w-full sm:w-auto`} data-testid="staff-import-submit">
            {pending ? t('imports.form.importing') : t('imports.form.submit')}
          </button>
        </div>
      </form>
    </StaffCard>
  );
}

function ImportAnswer({ result }: { result: ImportResult }) {
  const { t } = useTranslation('staff');
  const locale = useLocale();
  const number = (value: number) => formatNumber(value, locale);
  const facts: [string, string][] = [
    [t('imports.result.competition'), `#${result.competition_id}${result.competition_created ? ` (${t('imports.result.new')})` : ''}`],
    [t('imports.result.season'), `${result.season} · #${result.season_id}${result.season_created ? ` (${t('imports.result.new')})` : ''}`],
    [t('imports.result.rules'), t(`rules.${result.rules}`, { defaultValue: result.rules })],
    [t('imports.result.inserted'), number(result.matches.inserted)],
    [t('imports.result.updated'), number(result.matches.updated)],
    [t('imports.result.unchanged'), number(result.matches.unchanged)],
    [t('imports.result.deductions'), number(result.deductions)],
  ];
  return (
    <StaffCard aria-labelledby="staff-import-result" data-testid="staff-import-result">
      <h2 id="staff-import-result" className="text-lg font-bold">
        {t('imports.result.title')}
      </h2>
      <p className="mt-1 text-sm text-muted" role="status">
        {t('imports.result.source', { source: result.source })}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-sm font-bold">{t('imports.result.teamsCreated', { count: result.teams_created.length })}</h3>
      {result.teams_created.length > 0 ? <p className="mt-1 text-sm">{result.teams_created.join(', ')}</p> : null}
      <h3 className="mt-4 text-sm font-bold">{t('imports.result.variants', { count: result.variants.length })}</h3>
      {result.variants.length > 0 ? (
        <>
          <p className="mt-1 text-xs text-muted">{t('imports.result.variantsHint')}</p>
          <ul className="mt-1 list-disc ps-5 text-sm" data-testid="staff-import-variants">
            {result.variants.map(([a, b]) => (
              <li key={`${a}|${b}`}>{t('imports.result.variant', { a, b })}</li>
            ))}
          </ul>
        </>
      ) : null}
      {result.warnings.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-bold">{t('imports.result.warningsTitle', { count: result.warnings.length })}</h3>
          <ul className="mt-1 list-disc ps-5 text-sm">
            {result.warnings.map((warning) => {
              const { key, values } = warningText(warning);
              return <li key={`${warning.code}:${warning.field}`}>{t(key, values)}</li>;
            })}
          </ul>
        </>
      ) : null}
      <p className="mt-4 text-sm">
        <LocalLink to={staffSeasonPath(result.season_id)} className={linkClass}>
          {t('imports.result.open')}
        </LocalLink>
      </p>
    </StaffCard>
  );
}
