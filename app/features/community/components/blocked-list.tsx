import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar';
import { FormAlert, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useApiData } from '../../../lib/use-api-data';
import { social } from './blogger-api';
import { Loading, LoadFailure } from './blogger-card';

/** The fans the reader blocked (their own list), each with "unblock"; lifted ones leave the list. */
export function BlockedList({ userId }: { userId: number }) {
  const { t } = useTranslation('community');
  const blocks = useApiData(`blogger-blocks:${userId}`, () => social('listBlocks', { params: { id: userId }, query: { size: 50 } }));
  const [error, setError] = useState<string | null>(null);
  if (blocks.error) return <LoadFailure error={blocks.error} retry={blocks.reload} />;
  if (blocks.data === null) return <Loading />;
  if (blocks.data.list.length === 0) return <p className="text-sm text-muted" data-testid="blocked-empty">{t('mine.blockedEmpty')}</p>;

  async function unblock(id: number) {
    setError(null);
    try {
      await social('unblock', { params: { id } });
      blocks.update((data) => ({ ...data, list: data.list.filter((person) => person.id !== id) }));
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('blogger.failed'));
    }
  }

  return (
    <div className="grid gap-2">
      <ul className="divide-y divide-line" data-testid="blocked-list">
        {blocks.data.list.map((person) => (
          <li key={person.id} className="flex items-center gap-3 py-2">
            <Avatar id={person.avatar} size={32} />
            <span className="min-w-0 flex-1 truncate font-medium">{person.nickname}</span>
            <button type="button" onClick={() => void unblock(person.id)} className={`${secondaryButtonClass} px-3 py-1 text-sm`} data-testid="blocked-unblock">
              {t('blogger.menu.unblock')}
            </button>
          </li>
        ))}
      </ul>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
