import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { CONTACT_ANSWER_MAX, StaffContactAnswerBodySchema, type StaffContactMessage } from '../../../../core/contracts/contact';
import { isLocale } from '../../../../core/locale';
import { dangerButtonClass, FormAlert, inputClass, primaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useDateFormat } from '../../../lib/format';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { useApiData } from '../../../lib/use-api-data';
import { LoadState, StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { loadStaffAccess, parseUserIdParam } from '../../../components/staff/staff-access';
import { staffContactApi, STAFF_MESSAGES } from '../staff-contact-api';
import { staffMeta } from '../../../components/staff/staff-meta';

export function loader(args: LoaderFunctionArgs) {
  const access = loadStaffAccess(args);
  // Only staff learn whether an address is malformed: everyone else gets the same 403.
  if (access.data.allowed) parseUserIdParam(args.params.id, new URL(args.request.url).pathname);
  return access;
}

export const meta = staffMeta('page.title');

/** /staff/messages/:id: one message of the contact inbox, its answer by mail, and closing it. */
export default function StaffMessageRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <MessagePage />
    </StaffGate>
  );
}

function MessagePage() {
  const { t } = useTranslation('contact');
  const id = Number(useParams().id);
  const message = useApiData(`staff-contact-message:${id}`, () => staffContactApi.get(id));
  const back = { to: STAFF_MESSAGES, label: t('contact.inbox.back') };
  const title = t('contact.inbox.number', { id });

  if (message.data === null || message.error) {
    const notFound = apiErrorDetails(message.error).status === 404;
    return (
      <StaffFrame title={title} back={back}>
        <StaffCard>{notFound ? <FormAlert>{t('contact.inbox.notFound')}</FormAlert> : <LoadState error={message.error} onRetry={message.reload} />}</StaffCard>
      </StaffFrame>
    );
  }
  return <MessageView message={message.data} onChange={(next) => message.update(() => next)} back={back} title={title} />;
}

function MessageView({
  message,
  onChange,
  back,
  title,
}: {
  message: StaffContactMessage;
  onChange: (message: StaffContactMessage) => void;
  back: { to: string; label: string };
  title: string;
}) {
  const { t } = useTranslation('contact');
  const { t: tm } = useTranslation('messages');
  const formatDate = useDateFormat();
  const language = isLocale(message.locale) ? t(`contact.inbox.languages.${message.locale}`) : message.locale;
  const [notice, setNotice] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const [closeError, setCloseError] = useState<string | null>(null);

  async function close() {
    if (closing) return;
    setClosing(true);
    setCloseError(null);
    try {
      onChange(await staffContactApi.close(message.id));
      setNotice(t('contact.inbox.closedDone'));
    } catch (error) {
      setCloseError(apiErrorDetails(error).message ?? t('contact.inbox.failed'));
    } finally {
      setClosing(false);
    }
  }

  return (
    <StaffFrame title={title} back={back} lead={tm(`contact.topic.${message.topic}`)}>
      <StaffCard aria-labelledby="staff-message-from" data-testid="staff-message">
        {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{t('contact.inbox.columns.from')}</dt>
          <dd id="staff-message-from" className="font-semibold break-words">
            {message.name} <span className="font-normal break-all text-muted">&lt;{message.email}&gt;</span>
          </dd>
          <dt className="text-muted">{t('contact.inbox.columns.topic')}</dt>
          <dd>{tm(`contact.topic.${message.topic}`)}</dd>
          <dt className="text-muted">{t('contact.inbox.received')}</dt>
          <dd>{formatDate(message.created_at)}</dd>
          <dt className="text-muted">{t('contact.inbox.language')}</dt>
          <dd>{language}</dd>
          <dt className="text-muted">{t('contact.inbox.columns.account')}</dt>
          <dd>{message.user_id === null ? t('contact.inbox.signedOut') : t('contact.inbox.account', { id: message.user_id })}</dd>
        </dl>
        <p className="mt-4 rounded-md bg-surface-muted px-4 py-3 text-sm break-words whitespace-pre-wrap" data-testid="staff-message-body">
          {message.body}
        </p>
      </StaffCard>
      <StaffCard aria-labelledby="staff-message-answer">
        <h2 id="staff-message-answer" className="text-base font-semibold">
          {t('contact.inbox.answerTitle')}
        </h2>
        {message.answer !== null ? (
          <div className="mt-2 grid gap-1" data-testid="staff-message-answered">
            <p className="text-xs text-muted">{message.answered_at ? t('contact.inbox.answeredOn', { date: formatDate(message.answered_at) }) : null}</p>
            <p className="rounded-md border border-line px-4 py-3 text-sm break-words whitespace-pre-wrap">{message.answer}</p>
          </div>
        ) : message.status === 'open' ? (
          <AnswerForm
            message={message}
            language={language}
            onAnswered={(next) => {
              onChange(next);
              setNotice(t('contact.inbox.answerSent'));
            }}
          />
        ) : null}
        {message.status === 'closed' ? (
          <p className="mt-3 text-sm text-muted" data-testid="staff-message-closed">
            {message.closed_at ? t('contact.inbox.closedOn', { date: formatDate(message.closed_at) }) : null}
          </p>
        ) : (
          <div className="mt-4 grid justify-items-start gap-2">
            {closeError ? <FormAlert>{closeError}</FormAlert> : null}
            <button type="button" onClick={close} disabled={closing} className={dangerButtonClass} data-testid="staff-message-close">
              {closing ? t('contact.inbox.closing') : t('contact.inbox.close')}
            </button>
          </div>
        )}
      </StaffCard>
    </StaffFrame>
  );
}

function AnswerForm({ message, language, onAnswered }: { message: StaffContactMessage; language: string; onAnswered: (message: StaffContactMessage) => void }) {
  const { t } = useTranslation('contact');
  const errors = useFormErrors();
  const [answer, setAnswer] = useState('');
  const [pending, setPending] = useState(false);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { answer: answer.trim() };
    if (pending || !errors.check(StaffContactAnswerBodySchema, body)) return;
    setPending(true);
    try {
      onAnswered(await staffContactApi.answer(message.id, body.answer));
    } catch (error) {
      errors.showApiError(error, { formFields: ['answer'], fallback: t('contact.inbox.failed') });
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="mt-2 grid gap-3" aria-busy={pending} data-testid="staff-answer-form">
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t('contact.inbox.answerLabel')}
        </label>
        <textarea
          id={id}
          name="answer"
          rows={8}
          maxLength={CONTACT_ANSWER_MAX}
          value={answer}
          onChange={(event) => {
            setAnswer(event.target.value);
            errors.setFieldError('answer', null);
          }}
          aria-invalid={errors.fields.answer ? true : undefined}
          aria-describedby={`${id}-hint${errors.fields.answer ? ` ${id}-error` : ''}`}
          className={inputClass}
        />
        <p id={`${id}-hint`} className="text-xs text-muted">
          {t('contact.inbox.answerHint', { email: message.email, language })}
        </p>
        {errors.fields.answer ? (
          <p id={`${id}-error`} data-field-error="answer" className="text-xs font-medium text-accent">
            {errors.fields.answer}
          </p>
        ) : null}
      </div>
      <div>
        <button type="submit" disabled={pending} className={primaryButtonClass}>
          {pending ? t('contact.inbox.sending') : t('contact.inbox.send')}
        </button>
      </div>
    </form>
  );
}
