/**
 * Where generated crests live. Relative to the site, so the same list works behind any host;
 * the web and the lists use these and nothing else to build a logo URL.
 */
export function teamCrestUrl(teamId: number): string {
  return `/crests/team/${teamId}.svg`;
}

export function competitionCrestUrl(competitionId: number): string {
  return `/crests/competition/${competitionId}.svg`;
}
