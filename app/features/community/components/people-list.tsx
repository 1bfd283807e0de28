import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialListData, SocialPerson } from '../../../../core/contracts/social';
import { Avatar } from '../../../components/avatar';
import { LocalLink } from '../../../components/local-link';
import { FormAlert, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useCurrentUser } from '../../../lib/app-state';
import { useApiData } from '../../../lib/use-api-data';
import { social } from './blogger-api';
import { Loading, LoadFailure } from './blogger-card';
import { bloggerPaths, type FollowType } from './blogger-view';
import { FollowButton } from './follow-button';

/**
 * A fan's followers or the fans they follow (the social module's lists, newest first, blocked
 * fans left out both ways), each with a link to their page and a follow button, and "load more"
 * by the list's cursor.
 */
export function PeopleList({ userId, type, empty }: { userId: number; type: FollowType; empty: string }) {
  const { t } = useTranslation('community');
  const reader = useCurrentUser();
  const key = `${type}:${userId}:${reader?.id ?? ''}`;
  const load = (cursor?: string): Promise<SocialListData> =>
    social(type === 'followers' ? 'listFollowers' : 'listFollowing', { params: { id: userId }, query: { size: 20, ...(cursor ? { cursor } : {}) } });
  const first = useApiData(`blogger-people:${key}`, () => load());
  const [state, setState] = useState<{ key: string; extra: SocialPerson[]; cursor: string | null; changed: Record<number, boolean> } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (first.error) return <LoadFailure error={first.error} retry={first.reload} />;
  if (first.data === null) return <Loading />;
  const mine = state !== null && state.key === key ? state : { key, extra: [], cursor: first.data.next_cursor, changed: {} as Record<number, boolean> };
  const seen = new Set(first.data.list.map((person) => person.id));
  const people = [...first.data.list, ...mine.extra.filter((person) => !seen.has(person.id))];
  if (people.length === 0) {
    return (
      <p className="rounded-md bg-surface-muted px-4 py-4 text-sm" data-testid="people-empty">
        {empty}
      </p>
    );
  }

  async function loadMore() {
    if (mine.cursor === null) return;
    setPending(true);
    setError(null);
    try {
      const next = await load(mine.cursor);
      setState({ ...mine, extra: [...mine.extra, ...next.list], cursor: next.next_cursor });
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('blogger.failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="grid gap-3">
      <ul className="divide-y divide-line" data-testid="people-list">
        {people.map((person) => {
          const followed = mine.changed[person.id] ?? person.is_followed;
          return (
            <li key={person.id} className="flex items-center gap-3 py-2.5" data-testid="person" data-user-id={person.id}>
              <Avatar id={person.avatar} size={40} />
              <LocalLink to={bloggerPaths.center(person.id)} className="min-w-0 flex-1 truncate font-semibold hover:underline" data-testid="person-link">
                {person.nickname}
              </LocalLink>
              <FollowButton
                userId={person.id}
                isFollowed={followed}
                size="small"
                testId="person-follow"
                onChange={(answer) => setState({ ...mine, changed: { ...mine.changed, [person.id]: answer.is_followed } })}
              />
            </li>
          );
        })}
      </ul>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {mine.cursor !== null ? (
        <button type="button" onClick={() => void loadMore()} disabled={pending} className={`${secondaryButtonClass} justify-self-center`} data-testid="people-more">
          {t('blogger.loadMore')}
        </button>
      ) : null}
    </div>
  );
}
