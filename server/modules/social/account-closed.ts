import { eq, or } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client';
import { forecastFollows } from '../../db/schema/forecast';
import { userBlocks } from './schema';

/**
 * Erases a closed account's place in the social graph (`account.closed`, in the event's delivery
 * transaction): whom it followed and who followed it, whom it blocked and who blocked it. Again:
 * nothing left to remove.
 */
export async function eraseClosedAccountSocial(tx: DbTransaction, userId: number): Promise<void> {
  await tx.delete(forecastFollows).where(or(eq(forecastFollows.followerId, userId), eq(forecastFollows.tipsterId, userId)));
  await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
}
