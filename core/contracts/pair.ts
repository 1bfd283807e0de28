import { z } from 'zod';

/** [home, away] pair. */
export const PairSchema = z.tuple([z.number().int(), z.number().int()]);
export type Pair = z.infer<typeof PairSchema>;
