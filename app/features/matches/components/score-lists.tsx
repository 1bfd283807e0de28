import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketballMatch, Competition, FootballMatch, Sport } from '../../../../core/contracts/matches';
import { favouriteGroups, hasFavourites, isFavouriteMatch, type CollectedMatches } from '../../../lib/collections/collected-matches';
import { useCollected } from '../../../lib/collections/collected-store';
import { buildRows, type ListRow, type RowSection } from '../rows';
import { BasketballRow } from './basketball-row';
import { FootballRow } from './football-row';
import { CompetitionHeading, SectionHeading } from './list-headings';
import { SelectedRowMark } from './selected-match';
import { VirtualRows } from './virtual-rows';

// Estimates only steer the first layout; every row is measured once rendered.
const ESTIMATE = { section: 45, competition: 37, football: 57, basketball: 69 } as const;

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="px-4 py-10 text-center text-muted">{children}</p>;
}

function TruncatedNote() {
  const { t } = useTranslation('scores');
  return <p className="border-t border-line px-4 py-3 text-center text-xs text-muted">{t('list.truncated')}</p>;
}

function renderHeading<M>(row: ListRow<M>, competitions: Record<string, Competition>): ReactNode {
  if (row.kind === 'section') return <SectionHeading section={row.section} count={row.count} />;
  if (row.kind === 'competition') return <CompetitionHeading competition={competitions[String(row.competitionId)]} />;
  return null;
}

interface ListParts {
  competitions: Record<string, Competition>;
  changedAt: Record<string, number>;
  empty: ReactNode;
}

/** The rows of one sport's day, virtualised; the sport decides the row and its height estimate. */
export type ScoreListProps = ListParts &
  ({ sport: 'football'; sections: readonly RowSection<FootballMatch>[] } | { sport: 'basketball'; sections: readonly RowSection<BasketballMatch>[] });

function RowList<M extends { match_id: number }>({
  sections,
  competitions,
  empty,
  matchEstimate,
  renderMatch,
}: Omit<ListParts, 'changedAt'> & {
  sections: readonly RowSection<M>[];
  matchEstimate: number;
  renderMatch: (match: M) => ReactNode;
}) {
  const { rows, truncated } = useMemo(() => buildRows(sections), [sections]);
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <>
      <VirtualRows
        rows={rows}
        estimateSize={(row) => (row.kind === 'match' ? matchEstimate : ESTIMATE[row.kind])}
        renderRow={(row) => (row.kind === 'match' ? renderMatch(row.match) : renderHeading(row, competitions))}
      />
      {truncated && <TruncatedNote />}
    </>
  );
}

export function ScoreList(props: ScoreListProps) {
  const { competitions, changedAt, empty } = props;
  const parts = { competitions, empty, matchEstimate: ESTIMATE[props.sport] };
  return props.sport === 'football' ? (
    <RowList
      {...parts}
      sections={props.sections}
      renderMatch={(match) => (
        <SelectedRowMark sport="football" matchId={match.match_id}>
          <FootballRow match={match} changedAtMs={changedAt[String(match.match_id)]} />
        </SelectedRowMark>
      )}
    />
  ) : (
    <RowList
      {...parts}
      sections={props.sections}
      renderMatch={(match) => (
        <SelectedRowMark sport="basketball" matchId={match.match_id}>
          <BasketballRow match={match} changedAtMs={changedAt[String(match.match_id)]} />
        </SelectedRowMark>
      )}
    />
  );
}

/** The list's props but its empty state, which the favourites view writes itself (per sport, kept apart). */
type WithoutEmpty<T> = T extends unknown ? Omit<T, 'empty'> : never;

function favouriteSections<M extends { match_id: number; competition_id: number; home_team_id: number; away_team_id: number }>(
  sections: readonly RowSection<M>[],
  collected: CollectedMatches,
  sport: Sport,
): RowSection<M>[] {
  return sections.map(({ id, groups }) => ({ id, groups: favouriteGroups(groups, (match) => isFavouriteMatch(collected, sport, match)) }));
}

/**
 * The favourites view of a day (docs/decisions/095): the given sections kept to the starred
 * matches and the matches of followed teams and competitions. The follows are the browser's or
 * the account's, so the server and the hydrating render show a neutral line in the list's
 * place, and the list arrives right after. Only this view reads the follows for the list.
 */
export function FavouriteScoreList({ isToday, ...props }: WithoutEmpty<ScoreListProps> & { isToday: boolean }) {
  const { t } = useTranslation('scores');
  const collected = useCollected();
  const known = collected.status === 'ready';
  const football = props.sport === 'football' ? props.sections : null;
  const basketball = props.sport === 'basketball' ? props.sections : null;
  const footballSections = useMemo(() => (football && known ? favouriteSections(football, collected, 'football') : []), [football, collected, known]);
  const basketballSections = useMemo(
    () => (basketball && known ? favouriteSections(basketball, collected, 'basketball') : []),
    [basketball, collected, known],
  );
  let empty: string;
  if (!known) empty = t('empty.favouritesLoading');
  else if (!hasFavourites(collected)) empty = t('empty.favouritesNone');
  else empty = isToday ? t('empty.favourites') : t('empty.favouritesDay');
  return props.sport === 'football' ? (
    <ScoreList {...props} sections={footballSections} empty={empty} />
  ) : (
    <ScoreList {...props} sections={basketballSections} empty={empty} />
  );
}
