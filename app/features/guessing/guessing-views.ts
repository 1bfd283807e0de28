/** Guessing-contest sub-views (section 2), as they appear in URLs: /guessing/{view}. */
export const GUESSING_VIEWS = ['myBet', 'betting', 'postABet', 'bettingRecords', 'winningStreakRankings'] as const;
export type GuessingView = (typeof GUESSING_VIEWS)[number];
