import { useState } from 'react';
import type { FormErrors } from './use-form-errors';

/**
 * The values of a text form and the props that bind one input to them: typing into a field
 * clears that field's error (and calls `onEdit`, e.g. to hide a "saved" note).
 *
 *   const { values, setValues, field } = useFormValues({ email: '', code: '' }, errors);
 *   <Field {...field('email')} label=… />
 */
export function useFormValues<F extends string>(
  initial: Record<F, string> | (() => Record<F, string>),
  errors: Pick<FormErrors, 'fields' | 'setFieldError'>,
  onEdit?: () => void,
) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors.fields[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      onEdit?.();
      errors.setFieldError(name, null);
    },
  });
  return { values, setValues, field };
}
