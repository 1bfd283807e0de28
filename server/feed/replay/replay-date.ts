/**
 * The real match's kick-off a replay may keep (`--date`, decision 088): a kick-off with its zone
 * (`2018-09-23T20:45+02:00`, `2018-09-23T18:45Z`) or a day alone (`2018-09-23`: noon UTC, the
 * kick-off unknown, as the importer reads a match without a time). StatsBomb's event files carry
 * no date, so it comes from the person starting the replay.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const KICK_OFF = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:\d{2})$/;

/** Unix seconds of `--date`; throws naming the forms it takes when the text is none of them. */
export function parseReplayDate(text: string): number {
  const iso = DAY.test(text) ? `${text}T12:00:00Z` : KICK_OFF.test(text) ? text : null;
  const ms = iso === null ? Number.NaN : Date.parse(iso);
  // Date.parse rolls 2018-02-30 over to March: a day that does not exist is refused.
  const isRealDay = Number.isFinite(ms) && new Date(Date.parse(`${text.slice(0, 10)}T12:00:00Z`)).toISOString().slice(0, 10) === text.slice(0, 10);
  if (!isRealDay) throw new Error(`--date must be a day (2018-09-23) or a kick-off with its zone (2018-09-23T20:45+02:00), got "${text}"`);
  return Math.floor(ms / 1000);
}
