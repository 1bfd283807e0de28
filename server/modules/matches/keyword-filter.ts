import type { MatchRow } from './match-rows';

/**
 * Keyword search over team and competition names. Case- and accent-insensitive, so "besiktas"
 * finds Beşiktaş and "istanbul" finds İstanbul Başakşehir, as fans type on any keyboard.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .trim();
}

export function filterByKeywords(rows: MatchRow[], keywords: string): MatchRow[] {
  const needle = normalizeForSearch(keywords);
  if (needle === '') return rows;
  return rows.filter((row) =>
    [
      row.homeName,
      row.homeShortName,
      row.awayName,
      row.awayShortName,
      row.competitionNameTr,
      row.competitionNameEn,
      row.competitionNameZh,
      row.competitionShortName,
    ].some((name) => normalizeForSearch(name).includes(needle)),
  );
}
