/** Unprefixed paths of the prediction centre; LocalLink and localizePath add the reader's locale. */
export const FORECAST_HOME = '/forecast';

export const forecastPaths = {
  home: FORECAST_HOME,
  view: (view: string) => (view === 'upToDate' ? FORECAST_HOME : `${FORECAST_HOME}/${view}`),
  tipster: (userId: number) => `${FORECAST_HOME}/tipster/${userId}`,
  plan: (planId: number) => `${FORECAST_HOME}/plan/${planId}`,
  /** the publish form, with a match chosen */
  publish: (matchId?: number, sport?: string) =>
    matchId === undefined ? `${FORECAST_HOME}/launchDialog` : `${FORECAST_HOME}/launchDialog?match=${matchId}${sport ? `&sport=${sport}` : ''}`,
};
