import { useTranslation } from 'react-i18next';
import type { BetMatch } from '../../../../core/contracts/guessing';
import type { Selection } from '../../../../core/contracts/odds';
import { formatSelectionLine, marketKey, periodKey, pickKey } from '../../../components/forecast/forecast-format';
import { useLocale } from '../../../lib/locale';

type MatchTeams = Pick<BetMatch, 'home' | 'away'>;

/** The team a pick names: the home or away side's name; nothing for draw, over and under. */
function pickedTeamName(match: MatchTeams, selection: Selection): string {
  if (selection.pick === 'home') return match.home.name;
  if (selection.pick === 'away') return match.away.name;
  return '';
}

/**
 * A selection in words with its market and period: "Galatasaray −0.75 · Handicap · Full time",
 * "Over 9.5 corners · Corners over/under · Full time", "Galatasaray takes more corners · Most corners · Full time".
 */
export function useSelectionLabel(): (match: MatchTeams, selection: Selection) => { pick: string; market: string } {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  return (match, selection) => ({
    pick: t(pickKey(selection.market, selection.pick), { team: pickedTeamName(match, selection), line: formatSelectionLine(selection.market, selection.line, locale) }),
    market: `${t(marketKey(selection.market))} · ${t(periodKey(selection.period))}`,
  });
}

/**
 * The short name of a price under its market's heading: 1 / X / 2, "1 −0.5", "Over 2.5", and for
 * most corners the team's name (or "Level").
 */
export function useShortPickLabel(): (match: MatchTeams, selection: Selection) => string {
  const { t } = useTranslation('guessing');
  const locale = useLocale();
  return (match, selection) =>
    t(`short.${selection.market}.${selection.pick}`, { team: pickedTeamName(match, selection), line: formatSelectionLine(selection.market, selection.line, locale) });
}
