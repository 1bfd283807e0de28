import { useTranslation } from 'react-i18next';

/**
 * A player's position in the reader's language. The data names it in English — StatsBomb's names
 * ("Left Center Back"), the generic Goalkeeper/Defender/Midfielder/Forward, basketball's Guard,
 * Forward and Center — and `matchCentre:lineups.position` translates each value the data uses
 * (docs/glossary.md); a value it does not know is shown as the data wrote it.
 */
export function usePositionName(): (position: string) => string {
  const { t } = useTranslation('matchCentre');
  // Only plain names are looked up: a value with "." or ":" would be read as a nested key or a namespace.
  return (position) => (/^[A-Za-z][A-Za-z -]*$/.test(position) ? t(`lineups.position.${position}`, { defaultValue: position }) : position);
}
