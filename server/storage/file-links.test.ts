import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../test-support/db';
import { loadFileLinkSecret, signFileLink, verifyFileLink } from './file-links';

const KEY = 'private/AAAAAAAAAAAAAAAAAAAAAA/video.mp4';

describe.each(TEST_DATABASE_KINDS)('the file link secret on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('is made once and read back the same by every later start', async () => {
    const first = await loadFileLinkSecret(database.current.db);
    const again = await loadFileLinkSecret(database.current.db);
    expect(first.length).toBe(32);
    expect(again.equals(first)).toBe(true);
  });
});

describe('signed file links', () => {
  const secret = Buffer.alloc(32, 7);
  const now = Date.UTC(2026, 10, 28, 12, 0, 0);
  const expiresAt = now / 1000 + 300;

  function query(link: string) {
    return Object.fromEntries(new URL(link, 'http://tribun.test').searchParams);
  }

  it('opens the file they were made for until they expire', () => {
    const link = signFileLink(KEY, { secret, expiresAt });
    expect(link).toMatch(/^\/files\/private\/A{22}\/video\.mp4\?expires=\d+&sig=[A-Za-z0-9_-]{43}$/);
    expect(verifyFileLink(KEY, query(link), { secret, now })).toBe(true);
    expect(verifyFileLink(KEY, query(link), { secret, now: now + 299_000 })).toBe(true);
    expect(verifyFileLink(KEY, query(link), { secret, now: now + 300_000 })).toBe(false);
  });

  it('open nothing else: another key, another expiry, another secret, a broken signature', () => {
    const signed = query(signFileLink(KEY, { secret, expiresAt }));
    expect(verifyFileLink(KEY.replace('video', 'other'), signed, { secret, now })).toBe(false);
    expect(verifyFileLink(KEY, { ...signed, expires: String(Number(signed.expires) + 1) }, { secret, now })).toBe(false);
    expect(verifyFileLink(KEY, signed, { secret: Buffer.alloc(32, 8), now })).toBe(false);
    for (const sig of ['', 'x', `${signed.sig}A`, signed.sig!.toUpperCase()]) {
      expect(verifyFileLink(KEY, { ...signed, sig }, { secret, now }), sig).toBe(false);
    }
    for (const expires of ['', '-1', '1e12', '99999999999999999999', ' 1']) {
      expect(verifyFileLink(KEY, { ...signed, expires }, { secret, now }), expires).toBe(false);
    }
    expect(verifyFileLink(KEY, {}, { secret, now })).toBe(false);
    expect(verifyFileLink(KEY, { expires: [signed.expires], sig: [signed.sig] }, { secret, now })).toBe(false);
  });
});
