import type { GuessingView } from './guessing-views';

/** Addresses of the guessing contest, before the locale prefix (useLocalizedPath adds it). */
export const guessingPaths = {
  root: '/guessing',
  view: (view: GuessingView) => `/guessing/${view}`,
  glossary: '/guessing/glossary',
};

/** The frame's tabs in reading order; `glossary` is a page of its own, not a sub-view. */
export type GuessingTab = GuessingView | 'glossary';
export const GUESSING_TABS: readonly GuessingTab[] = ['betting', 'postABet', 'myBet', 'bettingRecords', 'winningStreakRankings', 'glossary'];
