import { useTranslation } from 'react-i18next';
import type { BetMatch } from '../../../../core/contracts/guessing';
import type { Selection } from '../../../../core/contracts/odds';
import { formatSelectionLine, marketKey, periodKey, pickKey } from '../../../components/forecast/forecast-format';

/** A selection in words with its market and period: "Galatasaray −0.75 · Handicap · Full time". */
export function useSelectionLabel(): (match: Pick<BetMatch, 'home' | 'away'>, selection: Selection) => { pick: string; market: string } {
  const { t } = useTranslation('forecast');
  return (match, selection) => {
    const team = selection.pick === 'home' ? match.home.name : selection.pick === 'away' ? match.away.name : '';
    return {
      pick: t(pickKey(selection.market, selection.pick), { team, line: formatSelectionLine(selection.market, selection.line) }),
      market: `${t(marketKey(selection.market))} · ${t(periodKey(selection.period))}`,
    };
  };
}

/** The short name of a price on a match row: 1 / X / 2, "1 −0.5", "Over 2.5". */
export function useShortPickLabel(): (selection: Selection) => string {
  const { t } = useTranslation('guessing');
  return (selection) => t(`short.${selection.market}.${selection.pick}`, { line: formatSelectionLine(selection.market, selection.line) });
}
