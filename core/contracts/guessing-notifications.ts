import { z } from 'zod';
import { SettlementOutcomeSchema } from './live';
import { defineNotificationKind, NOTIFICATION_FIELDS as f } from './notifications';

/** A bet of the reader's was settled (or its settlement corrected): the match, the outcome and the payout (0 for a lost bet). */
export const betSettledNotification = defineNotificationKind({
  kind: 'bet_settled',
  group: 'system',
  data: z.object({
    match_id: f.matchId,
    home: f.teamName,
    away: f.teamName,
    home_score: f.score,
    away_score: f.score,
    outcome: SettlementOutcomeSchema,
    points: f.points,
  }),
});
