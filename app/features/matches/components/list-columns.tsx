import { useId, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCALES } from '../../../../core/locale';
import { LocalLink } from '../../../components/local-link';
import { Crest, HalfTime, KickOffTime } from '../../../components/match/match-parts';
import { StarIcon } from '../../../components/ui/star-icon';
import { hasFavourites, isFollowed } from '../../../lib/collections/collected-matches';
import { useCollected } from '../../../lib/collections/collected-store';
import { useLocale } from '../../../lib/locale';
import {
  findSelectedMatch,
  isSideMatchLive,
  listCompetitionEntries,
  matchOfHref,
  selectFavouriteMatches,
  selectNextKickOffs,
  type CompetitionEntry,
  type MatchSelection,
  type SideMatch,
} from '../columns';
import type { BasketballMatch, Competition, FootballMatch, Sport } from '../../../../core/contracts/matches';
import { BASKETBALL_STATUS, footballListKind } from '../../../../core/match/status';
import { BasketballClockText } from './basketball-row';
import { FootballClockText } from './football-row';
import { SelectedMatchContext } from './selected-match';

/**
 * The list pages on a desktop (docs/decisions/122-desktop-list-columns.md): competitions and
 * favourites on the left, the list in the middle, the selected match or the next kick-offs on
 * the right. Below the lg breakpoint (1024 px) the side columns are not displayed and the list
 * is laid out exactly as before. Everything is server-rendered markup; the only behaviour is
 * the selection: on a desktop, a plain click on a match link in the list or the columns shows
 * that match in the right column instead of opening its page (the summary links to the page;
 * a modified or middle click, and every click on a phone, still opens it).
 */

/** The lg breakpoint, where the columns appear (Tailwind's lg, in the browser's default rem). */
const DESKTOP_QUERY = '(min-width: 64rem)';

/** A heading and its competitions (home: football, then basketball). */
export interface CompetitionGroup {
  sport: Sport;
  title: string | null;
  entries: CompetitionEntry[];
}

/** The competitions of the day, from the matches and the list's competition index. */
export function useCompetitionGroup(
  sport: Sport,
  title: string | null,
  matches: readonly SideMatch[],
  competitions: Readonly<Record<string, Competition>>,
  hot?: readonly number[],
): CompetitionGroup {
  const locale = useLocale();
  const iso = LOCALES.find((l) => l.code === locale)?.iso ?? 'tr-TR';
  return useMemo(
    () => ({
      sport,
      title,
      entries: listCompetitionEntries({
        matches,
        competitions,
        hot,
        locale: iso,
      }),
    }),
    [sport, title, matches, competitions, hot, iso],
  );
}

const columnClass = 'hidden min-w-0 flex-col gap-3 lg:sticky lg:top-16 lg:flex lg:max-h-[calc(100dvh-5rem)] lg:overflow-y-auto';
const boxClass = 'rounded-lg border border-line bg-surface';
const boxHeadingClass = 'flex items-center gap-1.5 border-b border-line px-3 py-2 text-sm font-bold';

export function ListColumns({
  matches,
  competitions,
  favouritesTo,
  filters,
  children,
}: {
  /** every match of the day the page holds, live-updated */
  matches: readonly SideMatch[];
  competitions: readonly CompetitionGroup[];
  /** the address of the favourites view */
  favouritesTo: string;
  /** links filtering the list, where the list has such a filter */
  filters?: ReactNode;
  children: ReactNode;
}) {
  const [selection, setSelection] = useState<MatchSelection | null>(null);
  const selected = findSelectedMatch(matches, selection);

  // Capture phase: runs before the link's own navigation, which a prevented click skips.
  const selectOnDesktop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!(event.target instanceof Element)) return;
    const link = event.target.closest('a[href]');
    if (link === null || link.hasAttribute('data-open-page')) return;
    const found = matchOfHref(link.getAttribute('href'));
    if (found === null || !window.matchMedia(DESKTOP_QUERY).matches) return;
    if (findSelectedMatch(matches, found) === null) return;
    event.preventDefault();
    setSelection(found);
  };

  return (
    // The wrapper only catches clicks on links inside it; it is no control itself.
    <div
      onClickCapture={selectOnDesktop}
      data-testid="list-columns"
      className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)_16rem] lg:items-start lg:gap-3 lg:py-3 xl:grid-cols-[15rem_minmax(0,1fr)_19rem]"
    >
      <CompetitionsColumn matches={matches} competitions={competitions} favouritesTo={favouritesTo} filters={filters} />
      <div className="min-w-0" data-testid="list-column">
        <SelectedMatchContext value={selected === null ? null : selection}>{children}</SelectedMatchContext>
      </div>
      <MatchColumn matches={matches} competitions={competitions} selected={selected} onClose={() => setSelection(null)} />
    </div>
  );
}

// ---- left: favourites, filters, competitions ------------------------------------------------

function CompetitionsColumn({
  matches,
  competitions,
  favouritesTo,
  filters,
}: {
  matches: readonly SideMatch[];
  competitions: readonly CompetitionGroup[];
  favouritesTo: string;
  filters?: ReactNode;
}) {
  const { t } = useTranslation('scores');
  return (
    <nav aria-label={t('columns.nav')} className={columnClass} data-testid="competitions-column">
      <FavouritesBox matches={matches} favouritesTo={favouritesTo} />
      {filters}
      {competitions.map((group, index) => (
        <CompetitionList key={group.title ?? index} group={group} />
      ))}
    </nav>
  );
}

/**
 * The reader's favourites of the day. They live in the browser or the account (decision 095),
 * so the server and the hydrating render say they are loading; the box keeps one height
 * whatever it holds, so their arrival moves nothing.
 */
function FavouritesBox({ matches, favouritesTo }: { matches: readonly SideMatch[]; favouritesTo: string }) {
  const { t } = useTranslation('scores');
  const headingId = useId();
  const collected = useCollected();
  const favourites = useMemo(() => selectFavouriteMatches(matches, collected), [matches, collected]);
  let content: ReactNode;
  if (collected.status !== 'ready') content = <BoxNote>{t('empty.favouritesLoading')}</BoxNote>;
  else if (favourites.length > 0)
    content = (
      <ul>
        {favourites.map((entry) => (
          <li key={`${entry.sport}:${entry.match.match_id}`}>
            <CompactMatch entry={entry} />
          </li>
        ))}
      </ul>
    );
  else content = <BoxNote>{hasFavourites(collected) ? t('empty.favouritesDay') : t('columns.noFavourites')}</BoxNote>;
  return (
    <section aria-labelledby={headingId} className={boxClass}>
      <h2 id={headingId} className={boxHeadingClass}>
        <StarIcon filled size={14} strokeWidth={1.8} />
        {t('columns.favourites')}
      </h2>
      <div className="h-44 overflow-y-auto" data-testid="favourites-column">
        {content}
      </div>
      <LocalLink to={favouritesTo} className="block border-t border-line px-3 py-2 text-xs font-semibold text-accent hover:bg-surface-muted">
        {t('columns.allFavourites')}
      </LocalLink>
    </section>
  );
}

function BoxNote({ children }: { children: ReactNode }) {
  return <p className="px-3 py-3 text-xs text-muted">{children}</p>;
}

function CompetitionList({ group }: { group: CompetitionGroup }) {
  const { t } = useTranslation('scores');
  const headingId = useId();
  const collected = useCollected();
  return (
    <section aria-labelledby={headingId} className={boxClass}>
      <h2 id={headingId} className={boxHeadingClass}>
        {group.title ?? t('columns.competitions')}
      </h2>
      {group.entries.length === 0 ? (
        <BoxNote>{t('columns.noCompetitions')}</BoxNote>
      ) : (
        <ul className="py-1">
          {group.entries.map((entry) => {
            const followed = isFollowed(collected, 'competition', entry.id);
            const counts = [t('columns.matchCount', { count: entry.count }), entry.live > 0 ? t('columns.liveCount', { count: entry.live }) : null]
              .filter((part) => part !== null)
              .join(', ');
            return (
              <li key={entry.id}>
                <LocalLink
                  to={`/competition/${entry.id}`}
                  data-testid="competition-link"
                  data-competition-id={entry.id}
                  title={entry.country === '' ? entry.name : `${entry.name} · ${entry.country}`}
                  className="flex min-h-8 items-center gap-2 px-3 py-1 text-[13px] hover:bg-surface-muted"
                >
                  <Crest src={entry.logo} size={16} />
                  <span className="line-clamp-2 min-w-0 flex-1 leading-tight break-words">{entry.name}</span>
                  {/* Fixed widths: a count changing, a match kicking off or a follow arriving moves nothing. */}
                  <span aria-hidden="true" className="flex w-3.5 shrink-0 justify-center text-amber-700 dark:text-goal">
                    {followed && <StarIcon filled size={12} strokeWidth={1.8} />}
                  </span>
                  <span aria-hidden="true" className="flex w-[4ch] shrink-0 items-center justify-end gap-1 text-xs text-muted tabular-nums">
                    {entry.live > 0 && <span className="size-1.5 shrink-0 rounded-full bg-live" data-testid="competition-live" />}
                    {entry.count}
                  </span>
                  <span className="sr-only">{`(${counts}${followed ? `, ${t('columns.followed')}` : ''})`}</span>
                </LocalLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The list's filter (All / Hot / Favourites) repeated above the competitions, as links. */
export function FilterBox({
  label,
  items,
}: {
  label: string;
  items: readonly {
    key: string;
    search: string;
    text: string;
    current: boolean;
  }[];
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={boxClass}>
      <h2 id={headingId} className={boxHeadingClass}>
        {label}
      </h2>
      <ul className="py-1">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={{ search: item.search }}
              replace
              preventScrollReset
              data-testid="column-filter"
              aria-current={item.current ? 'page' : undefined}
              className={`block px-3 py-1.5 text-[13px] tabular-nums hover:bg-surface-muted ${item.current ? 'font-semibold text-accent' : ''}`}
            >
              {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

// ---- right: the selected match, or the next kick-offs ----------------------------------------

function MatchColumn({
  matches,
  competitions,
  selected,
  onClose,
}: {
  matches: readonly SideMatch[];
  competitions: readonly CompetitionGroup[];
  selected: SideMatch | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('scores');
  const headingId = useId();
  const next = useMemo(() => selectNextKickOffs(matches), [matches]);
  return (
    <aside aria-labelledby={headingId} className={columnClass} data-testid="match-column">
      {selected === null ? (
        <section className={boxClass} data-testid="next-kick-offs">
          <h2 id={headingId} className={boxHeadingClass}>
            {t('columns.next')}
          </h2>
          {next.length === 0 ? (
            <BoxNote>{t('columns.noNext')}</BoxNote>
          ) : (
            <ul>
              {next.map((entry) => (
                <li key={`${entry.sport}:${entry.match.match_id}`}>
                  <CompactMatch entry={entry} />
                </li>
              ))}
            </ul>
          )}
          <p className="border-t border-line px-3 py-2 text-xs text-muted">{t('columns.hint')}</p>
        </section>
      ) : (
        <SelectedMatch
          entry={selected}
          competition={
            competitions.find((group) => group.sport === selected.sport)?.entries.find((c) => c.id === selected.match.competition_id) ?? null
          }
          headingId={headingId}
          onClose={onClose}
        />
      )}
      {/* Said once when a match is selected, not on every score change. */}
      <p role="status" className="sr-only">
        {selected === null
          ? ''
          : t('columns.selectedStatus', {
              home: selected.match.home_team_name,
              away: selected.match.away_team_name,
            })}
      </p>
    </aside>
  );
}

function matchPath(entry: SideMatch): string {
  return `/${entry.sport}/Details/${entry.match.match_id}`;
}

/** Whether a score is shown, as the list's rows decide it. */
function hasScore(entry: SideMatch): boolean {
  if (entry.sport === 'football') {
    const kind = footballListKind(entry.match.status_id);
    return kind === 'live' || kind === 'finished';
  }
  return entry.match.status_id !== BASKETBALL_STATUS.NOT_STARTED && (entry.match.a0 > 0 || entry.match.b0 > 0 || isSideMatchLive(entry));
}

function ClockText({ entry }: { entry: SideMatch }) {
  return entry.sport === 'football' ? <FootballClockText match={entry.match} /> : <BasketballClockText match={entry.match} />;
}

/** One match in a column: time or clock, the teams, the score once there is one; a link to it. */
function CompactMatch({ entry }: { entry: SideMatch }) {
  const { match } = entry;
  const scored = hasScore(entry);
  const live = isSideMatchLive(entry);
  return (
    <LocalLink
      to={matchPath(entry)}
      data-testid="column-match"
      data-match-id={match.match_id}
      className="grid grid-cols-[3rem_minmax(0,1fr)_auto] items-center gap-x-2 border-b border-line px-3 py-1.5 text-[13px] last:border-b-0 hover:bg-surface-muted"
    >
      <span className="flex flex-col text-xs leading-tight">
        <KickOffTime epochSec={match.match_time} className="text-muted tabular-nums" />
        <ClockText entry={entry} />
      </span>
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="truncate">{match.home_team_name}</span>
        <span className="truncate">{match.away_team_name}</span>
      </span>
      <span className={`flex min-w-[3ch] flex-col text-end leading-tight font-bold tabular-nums ${live ? 'text-green-700 dark:text-live' : ''}`}>
        <span>{scored ? match.a0 : ''}</span>
        <span>{scored ? match.b0 : ''}</span>
      </span>
    </LocalLink>
  );
}

function SelectedMatch({
  entry,
  competition,
  headingId,
  onClose,
}: {
  entry: SideMatch;
  competition: CompetitionEntry | null;
  headingId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('scores');
  const { match } = entry;
  const scored = hasScore(entry);
  const live = isSideMatchLive(entry);
  const team = (name: string, logo: string, testId: string) => (
    <span className="flex min-w-0 flex-col items-center gap-1.5 text-center text-sm font-semibold" data-testid={testId}>
      <Crest src={logo} size={40} />
      <span className="line-clamp-2 break-words">{name}</span>
    </span>
  );
  return (
    <section className={boxClass} data-testid="selected-match" data-match-id={match.match_id} data-sport={entry.sport}>
      <div className="flex items-center gap-2 border-b border-line py-1 ps-3 pe-1">
        <h2 id={headingId} className="flex-1 text-sm font-bold">
          {t('columns.selected')}
        </h2>
        <button
          type="button"
          onClick={onClose}
          data-testid="selected-close"
          aria-label={t('columns.close')}
          title={t('columns.close')}
          className="grid size-8 place-items-center rounded-full text-lg leading-none text-muted hover:bg-surface-muted"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {competition !== null && (
        <LocalLink
          to={`/competition/${competition.id}`}
          className="flex items-center justify-center gap-1.5 px-3 pt-3 text-xs font-semibold text-muted hover:underline"
        >
          <Crest src={competition.logo} size={14} />
          <span className="truncate">{competition.name}</span>
        </LocalLink>
      )}
      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-start gap-2 px-3 pt-3 pb-3">
        {team(match.home_team_name, match.home_team_logo, 'selected-home')}
        <span className="flex min-w-20 flex-col items-center gap-1 pt-2">
          <span
            className={`text-2xl leading-none font-bold tabular-nums ${live ? 'text-green-700 dark:text-live' : ''}`}
            data-testid="selected-score"
          >
            {scored ? `${match.a0} - ${match.b0}` : t('row.versus')}
          </span>
          <span className="text-xs">
            <ClockText entry={entry} />
          </span>
          {entry.sport === 'football' && <HalfTime ht={entry.match.ht} />}
        </span>
        {team(match.away_team_name, match.away_team_logo, 'selected-away')}
      </div>
      {entry.sport === 'football' ? <FootballFigures match={entry.match} /> : <BasketballPeriods match={entry.match} />}
      <p className="flex items-center justify-center gap-1.5 px-3 pb-3 text-xs text-muted">
        {t('columns.kickOff')}
        <KickOffTime epochSec={match.match_time} className="tabular-nums" />
      </p>
      <LocalLink
        to={matchPath(entry)}
        data-open-page=""
        data-testid="selected-open"
        className="block rounded-b-lg bg-accent px-3 py-2.5 text-center text-sm font-semibold text-accent-contrast hover:bg-accent-strong"
      >
        {t('columns.openMatch')}
      </LocalLink>
    </section>
  );
}

/** Corners and cards of a football match, once it has started. */
function FootballFigures({ match }: { match: FootballMatch }) {
  const { t } = useTranslation('scores');
  if (!hasScore({ sport: 'football', match })) return null;
  const rows = [
    ['corners', match.corner],
    ['yellowCards', match.yellow],
    ['redCards', match.red],
  ] as const;
  return (
    <table className="mx-3 mb-3 w-[calc(100%-1.5rem)] text-xs tabular-nums" data-testid="selected-figures">
      <tbody>
        {rows.map(([key, [home, away]]) => (
          <tr key={key} className="border-t border-line">
            <td className="w-10 py-1 text-start font-semibold">{home}</td>
            <th scope="row" className="py-1 text-center font-normal text-muted">
              {t(`columns.${key}`)}
            </th>
            <td className="w-10 py-1 text-end font-semibold">{away}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Points per quarter (and overtime) of a basketball game, once it has started. */
function BasketballPeriods({ match }: { match: BasketballMatch }) {
  const { t } = useTranslation('scores');
  if (match.periods.length === 0) return null;
  const label = (index: number) => (index < 4 ? String(index + 1) : t('columns.overtime', { count: index - 3 }));
  return (
    <table className="mx-3 mb-3 w-[calc(100%-1.5rem)] text-center text-xs tabular-nums" data-testid="selected-figures">
      <caption className="sr-only">{t('columns.periods')}</caption>
      <thead>
        <tr className="text-muted">
          <td />
          {match.periods.map((_, index) => (
            <th key={index} scope="col" className="py-1 font-normal">
              {label(index)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {[match.home_team_name, match.away_team_name].map((name, side) => (
          <tr key={side} className="border-t border-line">
            <th scope="row" className="max-w-24 truncate py-1 text-start font-normal">
              {name}
            </th>
            {match.periods.map((pair, index) => (
              <td key={index} className="py-1 font-semibold">
                {pair[side]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
