import { data, type HeadersArgs } from 'react-router';
import type { AccountFormServices, FormResult } from '../../../core/contracts/services';
import { splitLocalePath, type Locale } from '../../../core/locale';

/**
 * Helpers of the page actions that let a form work before the page's scripts have run
 * (docs/decisions/100): the posted fields, the page's language and the failure the page shows.
 */

/** What a page shows after its form failed: messages per field, one above the form, the values to keep. */
export interface FormFailure<V extends Record<string, string> = Record<string, string>> {
  ok: false;
  intent: string;
  fields: Record<string, string>;
  form: string | null;
  /** what the reader typed, never a password */
  values: Partial<V>;
}

/** The text fields of a posted form, each name once (the first); files are ignored. */
export async function readFormFields(request: Request): Promise<Record<string, string>> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    // not a form body: every field is missing, and the page says so
    return {};
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (typeof value === 'string' && !(name in fields)) fields[name] = value;
  }
  return fields;
}

/** The language of the page the form was posted to (its address: /en/…, /zh/…, else Turkish). */
export function pageLocale(request: Request): Locale {
  return splitLocalePath(new URL(request.url).pathname).locale;
}

/** The account writes of this request; only a POST carries them. */
export function formServices(context: { forms?: AccountFormServices }): AccountFormServices {
  if (!context.forms) throw data(null, { status: 405 });
  return context.forms;
}

/** Only the named fields of a posted form, "" for those missing. */
export function pick<F extends string>(body: Record<string, string>, names: readonly F[]): Record<F, string> {
  return Object.fromEntries(names.map((name) => [name, body[name] ?? ''])) as Record<F, string>;
}

/**
 * The answer of a page whose form failed, with the failure's status (400, 409, 429 with
 * Retry-After …): messages of the form's own fields beside them, any other message above the
 * form, as the forms show an API failure after their scripts run (app/lib/forms/use-form-errors.ts).
 */
export function formFailure<V extends Record<string, string>>(
  result: Extract<FormResult<unknown>, { ok: false }>,
  options: { intent: string; formFields: readonly string[]; values: Partial<V> },
) {
  const known = Object.fromEntries(Object.entries(result.fields).filter(([field]) => options.formFields.includes(field)));
  const unplaced = Object.entries(result.fields).filter(([field]) => !options.formFields.includes(field));
  const form = Object.keys(known).length > 0 && unplaced.length === 0 ? null : (unplaced[0]?.[1] ?? result.message);
  const failure: FormFailure<V> = { ok: false, intent: options.intent, fields: known, form, values: options.values };
  const headers: Record<string, string> = result.retryAfterSec === undefined ? {} : { 'Retry-After': String(result.retryAfterSec) };
  return data(failure, { status: result.status, headers });
}

/**
 * The `headers` of a page with a form: a refused form's `Retry-After` (429) reaches the page's
 * answer (React Router passes on only the cookies of an action by itself).
 */
export function formHeaders({ actionHeaders, parentHeaders }: HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
}
