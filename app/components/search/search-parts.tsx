import { useTranslation } from 'react-i18next';
import type { SearchCompetition, SearchData, SearchMatch, SearchTeam } from '../../../core/contracts/search';
import { useLocale } from '../../lib/locale';
import { dateTimeFormat } from '../../lib/intl';
import { isoOfLocale } from '../../lib/match-time';
import { useTimeZone } from '../../lib/time-zone';
import { SEARCH_NAMESPACE } from './search-namespace';

/**
 * What the header's instant search and the /search page both show of one result
 * (docs/decisions/094-search.md): where it leads and the line that describes it.
 */

export { SEARCH_NAMESPACE } from './search-namespace';

export type SearchResult =
  | { kind: 'team'; item: SearchTeam }
  | { kind: 'competition'; item: SearchCompetition }
  | { kind: 'match'; item: SearchMatch };

/** The groups in the order they are shown, each with its results. */
export function searchGroups(data: SearchData): Array<{ kind: SearchResult['kind']; results: SearchResult[] }> {
  return [
    { kind: 'team' as const, results: data.teams.map((item): SearchResult => ({ kind: 'team', item })) },
    { kind: 'competition' as const, results: data.competitions.map((item): SearchResult => ({ kind: 'competition', item })) },
    { kind: 'match' as const, results: data.matches.map((item): SearchResult => ({ kind: 'match', item })) },
  ].filter((group) => group.results.length > 0);
}

export const GROUP_LABEL = { team: 'groups.teams', competition: 'groups.competitions', match: 'groups.matches' } as const;

/** The unprefixed path of a result's page (team, competition or match page). */
export function resultPath(result: SearchResult): string {
  switch (result.kind) {
    case 'team':
      return `/team/${result.item.team_id}`;
    case 'competition':
      return `/competition/${result.item.competition_id}`;
    case 'match':
      return `/${result.item.sport}/Details/${result.item.match_id}`;
  }
}

export function resultKey(result: SearchResult): string {
  return `${result.kind}-${result.kind === 'team' ? result.item.team_id : result.kind === 'competition' ? result.item.competition_id : result.item.match_id}`;
}

function Crest({ src }: { src: string }) {
  return <img src={src} alt="" width={24} height={24} loading="lazy" decoding="async" className="size-6 shrink-0 object-contain" />;
}

/** A kick-off as "24 Nov 18:00", in the zone the page is rendered in (decision 115). */
function KickOff({ epochSec }: { epochSec: number }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  const text = dateTimeFormat(isoOfLocale(locale), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(epochSec * 1000));
  return <time dateTime={new Date(epochSec * 1000).toISOString()}>{text}</time>;
}

/** A played match's day as "7 Mar 2026", in the zone the page is rendered in. */
function PlayedOn({ epochSec }: { epochSec: number }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  const text = dateTimeFormat(isoOfLocale(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(new Date(epochSec * 1000));
  return (
    <time className="text-muted" dateTime={new Date(epochSec * 1000).toISOString()}>
      {text}
    </time>
  );
}

function MatchState({ match }: { match: SearchMatch }) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  if (match.state === 'scheduled') return <KickOff epochSec={match.match_time} />;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className={match.state === 'live' ? 'font-bold text-live' : 'text-muted'}>{t(`state.${match.state}`)}</span>
      {match.state === 'other' ? null : (
        <span className="font-bold tabular-nums">
          {match.home_score}–{match.away_score}
        </span>
      )}
      {/* results are told apart by their day, as on a team page */}
      {match.state === 'live' ? null : <PlayedOn epochSec={match.match_time} />}
    </span>
  );
}

/** The inside of one result: crest, name and a second line (competition, sport, or score and time). */
export function ResultLine({ result }: { result: SearchResult }) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  if (result.kind === 'team') {
    const team = result.item;
    return (
      <span className="flex min-w-0 items-center gap-3">
        <Crest src={team.logo} />
        <span className="min-w-0">
          <span className="block truncate font-semibold">{team.name}</span>
          <span className="block truncate text-sm text-muted">
            {team.competition_name ?? t(`sport.${team.sport}`)}
          </span>
        </span>
      </span>
    );
  }
  if (result.kind === 'competition') {
    const competition = result.item;
    return (
      <span className="flex min-w-0 items-center gap-3">
        <Crest src={competition.logo} />
        <span className="min-w-0">
          <span className="block truncate font-semibold">{competition.name}</span>
          <span className="block truncate text-sm text-muted">{t(`sport.${competition.sport}`)}</span>
        </span>
      </span>
    );
  }
  const match = result.item;
  return (
    <span className="flex min-w-0 flex-col">
      <span className="flex min-w-0 items-center gap-2 font-semibold">
        <span className="truncate">{match.home.name}</span>
        <span aria-hidden="true" className="text-muted">
          –
        </span>
        <span className="truncate">{match.away.name}</span>
      </span>
      <span className="flex min-w-0 items-center gap-2 text-sm text-muted">
        <MatchState match={match} />
        <span aria-hidden="true">·</span>
        <span className="truncate">{match.competition_name}</span>
      </span>
    </span>
  );
}
