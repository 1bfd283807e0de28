import type { MetaFunction } from 'react-router';
import type { ImportWarning, OpenfootballImportBody, StaffDeductionBody } from '../../../core/contracts/imports';
import { StaffDeductionBodySchema } from '../../../core/contracts/imports';
import { STANDINGS_RULES_NAMES } from '../../../core/standings/rules';
import { fieldErrorKeys } from '../../lib/forms/form-validation';
import { pageMeta } from '../../lib/page-meta';
import type { StaffAccess } from '../../components/staff/staff-access';

/**
 * The staff console's season tools (docs/data/openfootball.md): importing an openfootball file,
 * the seasons list and a season's point deductions. The forms are checked here, in the browser,
 * before anything is sent; the server checks everything again and names what is wrong.
 */

export const STAFF_IMPORTS = '/staff/imports';
export const STAFF_SEASONS = '/staff/seasons';

export function staffSeasonPath(seasonId: number): string {
  return `${STAFF_SEASONS}/${seasonId}`;
}

/** `meta` of a season page: never indexed; readers without a staff role get the 403 page's title. */
export function seasonPageMeta(title: 'imports.title' | 'seasons.title' | 'season.title'): MetaFunction {
  return (args) => {
    const forbidden = (args.data as StaffAccess | undefined)?.allowed === false;
    return pageMeta(args, { namespace: 'staff', title: forbidden ? 'forbidden.title' : title, description: 'page.description', noIndex: true });
  };
}

/** The rules a staff member may choose; '' leaves the choice to the season or its competition. */
export const RULES_CHOICES: readonly string[] = ['', ...STANDINGS_RULES_NAMES];

export interface ImportFormValues {
  /** the chosen file, read as text; null until one is chosen */
  file: { name: string; text: string } | null;
  rules: string;
  season: string;
  /** a competition id, digits only, or '' */
  competition: string;
  /** `[{"team", "points", "reason"}]` as typed, or '' */
  deductions: string;
}

export const EMPTY_IMPORT_FORM: ImportFormValues = { file: null, rules: '', season: '', competition: '', deductions: '' };

export type ImportFormField = 'file' | 'season' | 'competition' | 'deductions';

export type ImportFormCheck =
  | { ok: true; body: OpenfootballImportBody }
  | { ok: false; errors: Partial<Record<ImportFormField, string>> };

function parseJson(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/**
 * The request body of the import form, or the staff namespace's key of each problem the
 * browser can see (no file, a .json file that is not JSON, a file neither .json nor .txt,
 * deductions that are not a JSON list…).
 */
export function checkImportForm(values: ImportFormValues): ImportFormCheck {
  const errors: Partial<Record<ImportFormField, string>> = {};
  let content: unknown;
  if (!values.file) errors.file = 'messages:imports.content.required';
  // A Football.TXT file goes as its text: the server reads it line by line and names each line it cannot.
  else if (/\.txt$/i.test(values.file.name)) content = values.file.text;
  else if (!/\.json$/i.test(values.file.name)) errors.file = 'imports.errors.fileName';
  else {
    const parsed = parseJson(values.file.text);
    if (parsed) content = parsed.value;
    else errors.file = 'imports.errors.notJson';
  }
  let deductions: unknown;
  if (values.deductions.trim() !== '') {
    const parsed = parseJson(values.deductions);
    if (parsed && Array.isArray(parsed.value)) deductions = parsed.value;
    else errors.deductions = 'imports.errors.deductions';
  }
  const season = values.season.trim();
  if (season !== '' && !/^\d{4}([/-]\d{2})?$/.test(season)) errors.season = 'imports.errors.season';
  const competition = values.competition.trim();
  if (competition !== '' && !/^[1-9]\d{0,9}$/.test(competition)) errors.competition = 'imports.errors.competition';
  if (Object.keys(errors).length > 0 || !values.file) return { ok: false, errors };

  // JSON.parse never gives undefined: the content is a value the contract accepts.
  const body: OpenfootballImportBody = { file_name: values.file.name, content: content as OpenfootballImportBody['content'] };
  if (values.rules !== '') body.rules = values.rules as OpenfootballImportBody['rules'];
  if (season !== '') body.season = season.replace('-', '/');
  if (competition !== '') body.competition_id = Number(competition);
  if (deductions !== undefined) body.deductions = deductions;
  return { ok: true, body };
}

/**
 * The form field a server message belongs to: `content.matches[7].score.ft` → the file (and the
 * place in it), `deductions[0].team` → the deductions, `competition_id` → the competition.
 */
export function importFieldOf(serverField: string): ImportFormField | 'rules' {
  if (serverField === 'file_name' || serverField === 'content' || serverField.startsWith('content.')) return 'file';
  if (serverField.startsWith('deductions')) return 'deductions';
  if (serverField === 'competition_id') return 'competition';
  if (serverField === 'season') return 'season';
  return 'rules';
}

/** Server field messages grouped by form field, each prefixed by where in the file it is. */
export function importFieldErrors(fields: Record<string, string>): Partial<Record<ImportFormField | 'rules', string>> {
  const grouped: Partial<Record<ImportFormField | 'rules', string[]>> = {};
  for (const [field, message] of Object.entries(fields)) {
    const target = importFieldOf(field);
    const place = field.startsWith('content.') ? field.slice('content.'.length) : field.startsWith('deductions[') ? field.slice('deductions'.length) : '';
    (grouped[target] ??= []).push(place === '' ? message : `${place}: ${message}`);
  }
  return Object.fromEntries(Object.entries(grouped).map(([field, messages]) => [field, messages.join(' · ')]));
}

/** The translation key and values of an import warning. */
export function warningText(warning: ImportWarning): { key: string; values: Record<string, string | number> } {
  return { key: `imports.result.warnings.${warning.code}`, values: { field: warning.field, ...warning.params } };
}

export interface DeductionFormValues {
  /** a team id as the select holds it, or '' */
  team: string;
  points: string;
  reason: string;
}

export const EMPTY_DEDUCTION_FORM: DeductionFormValues = { team: '', points: '', reason: '' };

export type DeductionField = 'team_id' | 'points' | 'reason';

/** The body of the deduction form, or the contract's message key per field. */
export function checkDeductionForm(values: DeductionFormValues): { ok: true; body: StaffDeductionBody } | { ok: false; errors: Partial<Record<DeductionField, string>> } {
  const points = values.points.trim();
  const candidate = {
    team_id: values.team === '' ? undefined : Number(values.team),
    points: points === '' ? undefined : /^\d+$/.test(points) ? Number(points) : Number.NaN,
    reason: values.reason,
  };
  const parsed = StaffDeductionBodySchema.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  const keys = fieldErrorKeys(StaffDeductionBodySchema, candidate) as Partial<Record<DeductionField, string>>;
  return { ok: false, errors: keys };
}

/**
 * The i18next keys of a contract message key, first found wins: the console's own wording
 * (`imports.deduction.teamNotInSeason` → `season.errors.teamNotInSeason`), else the shared
 * message the server answers with (`messages:imports.deduction.pointsInvalid`, core/messages),
 * else a generic one.
 */
export function deductionMessageKey(messageKey: string): string[] {
  const name = messageKey.startsWith('imports.deduction.') ? messageKey.slice('imports.deduction.'.length) : '';
  return name === '' ? ['season.errors.invalid'] : [`season.errors.${name}`, `messages:${messageKey}`, 'season.errors.invalid'];
}
