import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrorDetails } from '../account-api';
import { fieldErrorKeys, validationMessageKeys } from './form-validation';

export interface FormErrors {
  /** translated message per field */
  fields: Record<string, string>;
  /** a message about the whole form */
  form: string | null;
  /** checks values with a contract schema; true when they pass (errors shown otherwise) */
  check: (schema: z.ZodType, values: unknown) => boolean;
  /**
   * Shows an API failure: the server's field messages beside their fields (only for fields
   * the form has), and its message — or `fallback` — above the form.
   */
  showApiError: (error: unknown, options: { formFields: readonly string[]; fallback: string }) => void;
  setFieldError: (field: string, message: string | null) => void;
  setForm: (message: string | null) => void;
  clear: () => void;
}

/** Error codes of the contract that are about one field of the form. */
const CONFLICT_FIELDS: Record<string, string> = {
  NICKNAME_TAKEN: 'nickname',
  EMAIL_TAKEN: 'email',
  CODE_INVALID: 'code',
  OLD_PASSWORD_WRONG: 'oldPassword',
  INVITE_CODE_UNKNOWN: 'inviteCode',
};

/**
 * Field and form errors of one form, from client checks and from the server; `initial` are
 * those the page's action answered when the form was posted before the scripts ran.
 */
export function useFormErrors(initial?: { fields?: Record<string, string>; form?: string | null }): FormErrors {
  const { t } = useTranslation(['messages', 'account']);
  const [fields, setFields] = useState<Record<string, string>>(() => initial?.fields ?? {});
  const [form, setForm] = useState<string | null>(() => initial?.form ?? null);

  const check = useCallback(
    (schema: z.ZodType, values: unknown) => {
      const keys = fieldErrorKeys(schema, values);
      const translated = Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, t(validationMessageKeys(key))]));
      setFields(translated);
      setForm(null);
      return Object.keys(translated).length === 0;
    },
    [t],
  );

  const showApiError = useCallback(
    (error: unknown, options: { formFields: readonly string[]; fallback: string }) => {
      const details = apiErrorDetails(error);
      const fields = { ...details.fields };
      // Conflicts name no field in the body, but the reader fixes them in one.
      const conflictField = details.error ? CONFLICT_FIELDS[details.error] : undefined;
      if (conflictField && details.message && !(conflictField in fields)) fields[conflictField] = details.message;
      const known = Object.fromEntries(Object.entries(fields).filter(([field]) => options.formFields.includes(field)));
      setFields(known);
      const unplaced = Object.entries(fields).filter(([field]) => !options.formFields.includes(field));
      if (details.status === 0) setForm(t('account:form.network'));
      else if (Object.keys(known).length > 0 && unplaced.length === 0) setForm(null);
      else setForm(unplaced[0]?.[1] ?? details.message ?? options.fallback);
    },
    [t],
  );

  const setFieldError = useCallback((field: string, message: string | null) => {
    setFields((current) => {
      if (message === null) {
        if (!(field in current)) return current;
        const { [field]: _removed, ...rest } = current;
        return rest;
      }
      return { ...current, [field]: message };
    });
  }, []);

  const clear = useCallback(() => {
    setFields({});
    setForm(null);
  }, []);

  return { fields, form, check, showApiError, setFieldError, setForm, clear };
}
