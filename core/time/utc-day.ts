/** The UTC calendar day of a moment, `YYYY-MM-DD` (check-in days, daily limits). */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}
