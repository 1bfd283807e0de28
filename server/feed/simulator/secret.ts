import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteSecrets } from '../../db/schema/site-secrets';
import { SecretSeed } from './random';

export const SIMULATOR_SECRET = 'simulator';

/**
 * The simulator's secret (decision 099): made once, at the first start, from the system's
 * cryptographic random source, and read back at every later start, so a restart replays the
 * same day. Several processes starting at once agree on one: the first insert wins and every
 * process reads what was stored.
 */
export async function loadSimulatorSecret(db: Db): Promise<SecretSeed> {
  await db
    .insert(siteSecrets)
    .values({ name: SIMULATOR_SECRET, value: SecretSeed.generate().exportBytes().toString('base64') })
    .onConflictDoNothing({ target: siteSecrets.name });
  const [row] = await db.select({ value: siteSecrets.value }).from(siteSecrets).where(eq(siteSecrets.name, SIMULATOR_SECRET));
  if (!row) throw new Error('the simulator secret could not be stored');
  return new SecretSeed(Buffer.from(row.value, 'base64'));
}
