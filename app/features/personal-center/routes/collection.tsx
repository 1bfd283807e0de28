import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectedCompetition, CollectedMatch, CollectedTeam } from '../../../../core/contracts/collections';
import { basketballListKind, basketballStatusLabelKey, footballListKind, footballStatusLabelKey } from '../../../../core/match/status';
import { LocalLink } from '../../../components/local-link';
import { Crest } from '../../../components/match/match-parts';
import { showNotice } from '../../../components/notice/notice-store';
import { FormAlert, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { accountApi, apiErrorDetails } from '../../../lib/account-api';
import { useDateFormat } from '../../../lib/format';
import { useApiData } from '../../../lib/use-api-data';
import { markCollected, markFollowed } from '../../../lib/collections/collected-store';
import { centerMeta } from '../center-meta';
import { CenterPage } from '../components/center-page';
import { LoadingText } from '../../../components/ui/loading-text';

export const meta = centerMeta('competitionCollection');

function RemoveButton({ label, onRemove }: { label: string; onRemove: () => Promise<void> }) {
  const { t } = useTranslation('personalCenter');
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      aria-label={label}
      disabled={pending}
      onClick={() => {
        setPending(true);
        onRemove().finally(() => setPending(false));
      }}
      className="shrink-0 rounded-md px-2 py-1 text-xs font-semibold text-accent hover:bg-accent-soft disabled:opacity-50"
    >
      {t('collection.remove')}
    </button>
  );
}

/** A collected match: competition, time, teams and score (once it started), with its page and a remove button. */
function MatchItem({ item, onRemove }: { item: CollectedMatch; onRemove: () => Promise<void> }) {
  const { t } = useTranslation(['personalCenter', 'scores']);
  const formatDate = useDateFormat();
  const { match } = item;
  const kind = item.sport === 'football' ? footballListKind(match.status_id) : basketballListKind(match.status_id);
  const started = kind === 'live' || kind === 'finished';
  const statusKey = item.sport === 'football' ? footballStatusLabelKey(match.status_id) : basketballStatusLabelKey(match.status_id);
  const teams = `${match.home_team_name} – ${match.away_team_name}`;
  return (
    <li data-testid="collected-match" data-match-id={match.match_id} className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
          <span className="rounded bg-surface-muted px-1.5 py-0.5 font-semibold">{t(`collection.sport.${item.sport}`)}</span>
          <span className="truncate">{item.competition.name}</span>
          <time dateTime={new Date(match.match_time * 1000).toISOString()}>
            {formatDate(new Date(match.match_time * 1000).toISOString(), { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
          <span className={kind === 'live' ? 'font-semibold text-green-700 dark:text-live' : ''}>{t(`scores:${statusKey}`)}</span>
        </p>
        <LocalLink
          to={`/${item.sport}/Details/${match.match_id}`}
          className="mt-1 grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 rounded hover:bg-surface-muted"
        >
          <span className="flex min-w-0 items-center justify-end gap-1.5 text-right">
            <span className="truncate font-medium">{match.home_team_name}</span>
            <Crest src={match.home_team_logo} />
          </span>
          <span className="min-w-12 text-center font-bold tabular-nums">{started ? `${match.a0} - ${match.b0}` : t('scores:row.versus')}</span>
          <span className="flex min-w-0 items-center gap-1.5">
            <Crest src={match.away_team_logo} />
            <span className="truncate font-medium">{match.away_team_name}</span>
          </span>
        </LocalLink>
      </div>
      <RemoveButton label={t('collection.removeMatch', { teams })} onRemove={onRemove} />
    </li>
  );
}

function CompetitionItem({ item, onRemove }: { item: CollectedCompetition; onRemove: () => Promise<void> }) {
  const { t } = useTranslation('personalCenter');
  return (
    <li data-testid="collected-competition" className="flex items-center gap-3 py-3">
      <Crest src={item.logo} size={28} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{item.name}</p>
        <p className="text-xs text-muted">{t(`collection.sport.${item.sport}`)}</p>
      </div>
      <RemoveButton label={t('collection.removeCompetition', { name: item.name })} onRemove={onRemove} />
    </li>
  );
}

function TeamItem({ item, onRemove }: { item: CollectedTeam; onRemove: () => Promise<void> }) {
  const { t } = useTranslation('personalCenter');
  return (
    <li data-testid="collected-team" data-team-id={item.team_id} className="flex items-center gap-3 py-3">
      <Crest src={item.logo} size={28} />
      <div className="min-w-0 flex-1">
        <LocalLink to={`/team/${item.team_id}`} className="block truncate font-medium hover:underline">
          {item.name}
        </LocalLink>
        <p className="text-xs text-muted">{t(`collection.sport.${item.sport}`)}</p>
      </div>
      <RemoveButton label={t('collection.removeTeam', { name: item.name })} onRemove={onRemove} />
    </li>
  );
}

/**
 * competitionCollection: the matches (starred on the score lists), competitions and teams the
 * reader follows (GET /api/user/collections), each with a remove button.
 */
export default function CollectionRoute() {
  const { t } = useTranslation('personalCenter');
  const collections = useApiData('collections', () => accountApi.collections());
  const { data } = collections;

  async function removeMatch(item: CollectedMatch) {
    try {
      await accountApi.collectMatch(item.sport, item.match_id, false);
      markCollected(item.sport, item.match_id, false);
      collections.update((d) => ({ ...d, matches: d.matches.filter((m) => !(m.sport === item.sport && m.match_id === item.match_id)) }));
    } catch (error) {
      showNotice({ message: apiErrorDetails(error).message ?? t('collection.removeFailed') });
    }
  }

  async function removeCompetition(item: CollectedCompetition) {
    try {
      await accountApi.collectCompetition(item.competition_id, false);
      markFollowed('competition', item.competition_id, false);
      collections.update((d) => ({ ...d, competitions: d.competitions.filter((c) => c.competition_id !== item.competition_id) }));
    } catch (error) {
      showNotice({ message: apiErrorDetails(error).message ?? t('collection.removeFailed') });
    }
  }

  async function removeTeam(item: CollectedTeam) {
    try {
      await accountApi.collectTeam(item.team_id, false);
      markFollowed('team', item.team_id, false);
      collections.update((d) => ({ ...d, teams: (d.teams ?? []).filter((team) => team.team_id !== item.team_id) }));
    } catch (error) {
      showNotice({ message: apiErrorDetails(error).message ?? t('collection.removeFailed') });
    }
  }

  // An older server leaves `teams` out.
  const teams = data?.teams ?? [];

  return (
    <CenterPage title={t('views.competitionCollection')} lead={t('collection.lead')}>
      {collections.error ? (
        <div className="grid justify-items-start gap-3">
          <FormAlert>{apiErrorDetails(collections.error).message ?? t('form.loadFailed')}</FormAlert>
          <button type="button" onClick={collections.reload} className={secondaryButtonClass}>
            {t('form.retry')}
          </button>
        </div>
      ) : data === null ? (
        <LoadingText>{t('form.loading')}</LoadingText>
      ) : (
        <div className="grid gap-6">
          <section aria-labelledby="collected-matches">
            <h2 id="collected-matches" className="text-base font-semibold">
              {t('collection.matches', { count: data.matches.length })}
            </h2>
            {data.matches.length === 0 ? (
              <div className="mt-2 rounded-md bg-surface-muted px-4 py-4 text-sm">
                <p>{t('collection.emptyMatches')}</p>
                <LocalLink to="/football" className={`${primaryButtonClass} mt-3`}>
                  {t('collection.toScores')}
                </LocalLink>
              </div>
            ) : (
              <ul className="divide-y divide-line">
                {data.matches.map((item) => (
                  <MatchItem key={`${item.sport}:${item.match_id}`} item={item} onRemove={() => removeMatch(item)} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="collected-competitions">
            <h2 id="collected-competitions" className="text-base font-semibold">
              {t('collection.competitions', { count: data.competitions.length })}
            </h2>
            {data.competitions.length === 0 ? (
              <p className="mt-2 rounded-md bg-surface-muted px-4 py-4 text-sm">{t('collection.emptyCompetitions')}</p>
            ) : (
              <ul className="divide-y divide-line">
                {data.competitions.map((item) => (
                  <CompetitionItem key={item.competition_id} item={item} onRemove={() => removeCompetition(item)} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="collected-teams">
            <h2 id="collected-teams" className="text-base font-semibold">
              {t('collection.teams', { count: teams.length })}
            </h2>
            {teams.length === 0 ? (
              <p className="mt-2 rounded-md bg-surface-muted px-4 py-4 text-sm">{t('collection.emptyTeams')}</p>
            ) : (
              <ul className="divide-y divide-line">
                {teams.map((item) => (
                  <TeamItem key={item.team_id} item={item} onRemove={() => removeTeam(item)} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </CenterPage>
  );
}
