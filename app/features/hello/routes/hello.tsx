import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { helloEndpoints, type Hello } from '../../../../core/contracts/hello';
import { PageCard } from '../../../components/page-card';
import { apiErrorDetails } from '../../../lib/account-api';
import { callEndpoint } from '../../../lib/endpoint-client';

/** The latest hellos, rendered on the server. */
export async function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  return { hellos: (await context.hello?.latest()) ?? [], signedIn: context.currentUser !== null };
}

export default function HelloRoute() {
  const { t } = useTranslation('hello');
  const loaded = useLoaderData<typeof loader>();
  const [hellos, setHellos] = useState<Hello[]>(loaded.hellos);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  function say(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    callEndpoint(helloEndpoints.say, { body: { message } }).then(
      (hello) => {
        setHellos((shown) => [hello, ...shown]);
        setMessage('');
      },
      (failure: unknown) => setError(apiErrorDetails(failure).message ?? t('failed')),
    );
  }

  return (
    <PageCard title={t('title')}>
      {loaded.signedIn ? (
        <form onSubmit={say} className="flex gap-2">
          <input value={message} onChange={(event) => setMessage(event.target.value)} aria-label={t('message')} className="flex-1 rounded-md border border-line px-3 py-2" />
          <button type="submit" className="rounded-md bg-accent px-4 py-2 font-semibold text-white">
            {t('say')}
          </button>
        </form>
      ) : (
        <p className="text-muted">{t('signIn')}</p>
      )}
      {error ? <p role="alert">{error}</p> : null}
      <ul className="mt-4 divide-y divide-line">
        {hellos.map((hello) => (
          <li key={hello.id} className="py-2">
            <span className="font-semibold">{hello.nickname}</span>: {hello.message}
          </li>
        ))}
      </ul>
    </PageCard>
  );
}
