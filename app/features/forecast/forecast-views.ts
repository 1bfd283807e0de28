/** Prediction-centre sub-views (section 2), as they appear in URLs: /forecast/{view}. */
export const FORECAST_VIEWS = ['my', 'myFollow', 'upToDate', 'recommend', 'launchDialog', 'winningRanking'] as const;
export type ForecastView = (typeof FORECAST_VIEWS)[number];
