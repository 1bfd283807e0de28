import { useTranslation } from 'react-i18next';
import { data, useActionData, useLoaderData, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { LocalLink } from '../../../components/local-link';
import { PageCard } from '../../../components/page-card';
import { formFailure, formHeaders, pageLocale, pick, readFormFields } from '../../../lib/forms/form-action.server';
import { pageMeta } from '../../../lib/page-meta';
import { CONTACT_FIELDS, ContactForm, type ContactValues } from '../components/contact-form';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'contact', title: 'contact.page.title', description: 'contact.page.description' });
export const headers = formHeaders;

/** A signed-in fan's name and address are filled in (the message is linked to the account anyway). */
export function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  const user = context.currentUser;
  return { prefill: user ? { name: user.nickname, email: user.email ?? '' } : null };
}

/**
 * The form posted before (or without) the page's scripts (docs/decisions/100 and 127): the
 * API's contact service through the load context, then the confirmation on this page; a
 * refusal shows the page again with its messages and what was typed.
 */
export async function action({ request, context }: ActionFunctionArgs<AppLoadContext>) {
  const body = pick(await readFormFields(request), CONTACT_FIELDS);
  if (!context.contact) throw data(null, { status: 405 });
  const result = await context.contact.send({ body, locale: pageLocale(request) });
  if (!result.ok) return formFailure<ContactValues>(result, { intent: 'contact', formFields: CONTACT_FIELDS, values: body });
  return { ok: true as const, id: result.data.id };
}

export default function ContactRoute() {
  const { t } = useTranslation('contact');
  const { t: tc } = useTranslation('common');
  const { prefill } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const failed = answered?.ok === false ? answered : undefined;
  const initial: ContactValues = {
    name: failed?.values.name ?? prefill?.name ?? '',
    email: failed?.values.email ?? prefill?.email ?? '',
    topic: failed?.values.topic ?? '',
    message: failed?.values.message ?? '',
  };
  return (
    <PageCard title={t('contact.page.title')} lead={t('contact.page.lead')}>
      <section aria-labelledby="contact-form-title" className="mb-6">
        <h2 id="contact-form-title">{t('contact.form.title')}</h2>
        <ContactForm
          initial={initial}
          failure={failed}
          sentId={answered?.ok === true ? answered.id : null}
          signedInAs={prefill ? prefill.name : null}
        />
      </section>
      <p>
        {t('contact.page.help')} <LocalLink to="/help">{tc('layout.footer.help')}</LocalLink>
      </p>
      <p>
        {t('contact.page.account')} <LocalLink to="/privacy">{tc('layout.footer.privacy')}</LocalLink>
      </p>
    </PageCard>
  );
}
