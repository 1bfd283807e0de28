import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_RECORD_DAYS,
  CONTACT_TOPICS,
  ContactBodySchema,
  type ContactBody,
} from '../../../../core/contracts/contact';
import { FormAlert, inputClass, linkClass, primaryButtonClass, TextField } from '../../../components/ui/field';
import { LocalLink } from '../../../components/local-link';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { useFormValues } from '../../../lib/forms/use-form-values';
import { sendContactMessage } from '../contact-api';

export const CONTACT_FIELDS = ['name', 'email', 'topic', 'message'] as const;
export type ContactValues = Record<(typeof CONTACT_FIELDS)[number], string>;

/**
 * The contact form. Without scripts it posts to the page (the route's action); once hydrated it
 * sends the same body to POST /api/contact and shows the same confirmation without a reload.
 */
export function ContactForm({
  initial,
  failure,
  sentId,
  signedInAs,
}: {
  initial: ContactValues;
  /** what the action answered when the form was posted before the scripts ran */
  failure?: { fields: Record<string, string>; form: string | null };
  sentId: number | null;
  signedInAs: string | null;
}) {
  const { t } = useTranslation('contact');
  const { t: tm } = useTranslation('messages');
  const errors = useFormErrors(failure);
  const { values, setValues, field } = useFormValues<keyof ContactValues>(initial, errors);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<number | null>(sentId);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { name: values.name.trim(), email: values.email.trim(), topic: values.topic, message: values.message.trim() };
    if (pending || !errors.check(ContactBodySchema, body)) return;
    setPending(true);
    try {
      const answer = await sendContactMessage(body as ContactBody);
      setSent(answer.id);
      setValues((current) => ({ ...current, topic: '', message: '' }));
    } catch (error) {
      errors.showApiError(error, { formFields: CONTACT_FIELDS, fallback: t('contact.form.failed') });
    } finally {
      setPending(false);
    }
  }

  if (sent !== null) {
    return (
      <div className="grid gap-3" data-testid="contact-sent">
        <FormAlert tone="success">{t('contact.sent.title')}</FormAlert>
        <p>{t('contact.sent.text', { id: sent })}</p>
        <p>
          {/* A plain link: without scripts it loads an empty form, with them it shows one. */}
          <LocalLink
            to="/contact"
            className={linkClass}
            onClick={() => {
              errors.clear();
              setSent(null);
            }}
          >
            {t('contact.sent.again')}
          </LocalLink>
        </p>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="grid max-w-xl gap-4" aria-busy={pending} data-testid="contact-form">
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      {signedInAs ? <p className="text-sm text-muted">{t('contact.form.signedIn', { nickname: signedInAs })}</p> : null}
      <TextField label={t('contact.form.name')} autoComplete="name" maxLength={CONTACT_NAME_MAX} required {...field('name')} />
      <TextField
        label={t('contact.form.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        required
        hint={t('contact.form.emailHint')}
        {...field('email')}
      />
      <Labelled label={t('contact.form.topic')} error={errors.fields.topic} name="topic">
        {(props) => (
          <select {...props} {...field('topic')} required className={inputClass}>
            <option value="">{t('contact.form.topicChoose')}</option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {tm(`contact.topic.${topic}`)}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled
        label={t('contact.form.message')}
        error={errors.fields.message}
        name="message"
        hint={t('contact.form.messageHint', { min: CONTACT_MESSAGE_MIN, max: CONTACT_MESSAGE_MAX })}
      >
        {(props) => <textarea {...props} {...field('message')} required rows={7} maxLength={CONTACT_MESSAGE_MAX} className={inputClass} />}
      </Labelled>
      <p className="text-xs text-muted">
        {t('contact.form.privacy', { days: CONTACT_RECORD_DAYS })}{' '}
        <LocalLink to="/privacy" className={linkClass}>
          {t('common:layout.footer.privacy')}
        </LocalLink>
      </p>
      <div>
        <button type="submit" disabled={pending} className={primaryButtonClass}>
          {pending ? t('contact.form.sending') : t('contact.form.submit')}
        </button>
      </div>
    </form>
  );
}

/** A label, a control, its hint and its error, tied together for assistive technology. */
function Labelled({
  label,
  error,
  hint,
  name,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  name: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} data-field-error={name} className="text-xs font-medium text-accent">
          {error}
        </p>
      ) : null}
    </div>
  );
}
