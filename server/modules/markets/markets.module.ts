import type { TribunModule } from '../definition';

/**
 * The markets the prediction centre and the contest share: pricing a match's markets through the
 * odds service, the daily limit's day, the result settlement grades and the notices after it.
 * It registers nothing of its own; the two features use it through `public.ts`.
 */
export const marketsModule: TribunModule = {
  name: 'markets',
};
