import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { siteSecrets } from '../db/schema/site-secrets';

const FILE_LINK_SECRET = 'file-links';

/**
 * The key of private file links (decision 132): made once, at the first start, and kept in
 * `site_secrets` beside the simulator's, so links stay valid across restarts and every process
 * of a scaled-out site signs and checks alike. The first insert wins.
 */
export async function loadFileLinkSecret(db: Db): Promise<Buffer> {
  await db
    .insert(siteSecrets)
    .values({ name: FILE_LINK_SECRET, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing({ target: siteSecrets.name });
  const [row] = await db.select({ value: siteSecrets.value }).from(siteSecrets).where(eq(siteSecrets.name, FILE_LINK_SECRET));
  if (!row) throw new Error('the file link secret could not be stored');
  return Buffer.from(row.value, 'base64');
}

/** The file route's address of a key; public keys need nothing more. */
export function filePath(key: string): string {
  return `/files/${key}`;
}

/**
 * A link to a private file, valid until `expiresAt` (seconds since the epoch):
 * `/files/<key>?expires=<s>&sig=<HMAC-SHA256(secret, key + "\n" + expires), base64url>`.
 * Whoever holds the link may read the file until then, so callers keep the lifetime short
 * (minutes) and hand links only to readers the feature has checked.
 */
export function signFileLink(key: string, options: { secret: Buffer; expiresAt: number }): string {
  const expires = Math.floor(options.expiresAt);
  return `${filePath(key)}?expires=${expires}&sig=${fileLinkSignature(key, expires, options.secret)}`;
}

/** True when the signature is this server's for the key and the expiry has not passed. */
export function verifyFileLink(key: string, query: { expires?: unknown; sig?: unknown }, options: { secret: Buffer; now: number }): boolean {
  if (typeof query.expires !== 'string' || typeof query.sig !== 'string') return false;
  if (!/^\d{1,12}$/.test(query.expires) || !/^[A-Za-z0-9_-]{43}$/.test(query.sig)) return false;
  const expires = Number(query.expires);
  if (expires * 1000 <= options.now) return false;
  const expected = Buffer.from(fileLinkSignature(key, expires, options.secret));
  const given = Buffer.from(query.sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function fileLinkSignature(key: string, expires: number, secret: Buffer): string {
  return createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
}
