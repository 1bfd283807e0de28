import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { siteSecrets } from '../../db/schema/site-secrets';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { deriveRootSeed, deriveSeed, SecretSeed } from './random';
import { loadSimulatorSecret } from './secret';

describe('the simulator secret (decision 099)', () => {
  it('derives seeds with HMAC: stable for a secret, unrelated across secrets, never the public mix', () => {
    const secret = SecretSeed.generate();
    expect(deriveRootSeed(secret, 'match', 42)).toBe(deriveRootSeed(secret, 'match', 42));
    expect(deriveRootSeed(secret, 'match', 42)).not.toBe(deriveRootSeed(SecretSeed.generate(), 'match', 42));
    const seeds = new Set(Array.from({ length: 1000 }, (_, index) => deriveRootSeed(secret, 'match', index)));
    expect(seeds.size).toBe(1000);
    // A number root keeps the public mix, so SIM_SEED replays what it always did.
    expect(deriveRootSeed(1905, 'match', 42)).toBe(deriveSeed(1905, 'match', 42));
  });

  it('never prints, logs or serialises its bytes', () => {
    const bytes = Buffer.alloc(32, 7);
    const secret = new SecretSeed(bytes);
    const hex = bytes.toString('hex');
    const base64 = bytes.toString('base64');
    for (const shown of [JSON.stringify({ secret }), String(secret), inspect(secret), inspect({ secret }, { depth: 5 })]) {
      expect(shown).not.toContain(hex);
      expect(shown).not.toContain(base64);
      expect(shown).toContain('secret');
    }
    expect(() => new SecretSeed(Buffer.alloc(16))).toThrow(RangeError);
  });

  describe.each(TEST_DATABASE_KINDS)('on %s', (kind) => {
    const database = useTestDatabase(kind);

    it('is made once at the first start and read back at every later start', async () => {
      const first = await loadSimulatorSecret(database.current.db);
      const again = await loadSimulatorSecret(database.current.db);
      expect(deriveRootSeed(again, 'match', 7)).toBe(deriveRootSeed(first, 'match', 7));
      const rows = await database.current.db.select().from(siteSecrets);
      expect(rows).toHaveLength(1);
      expect(Buffer.from(rows[0]!.value, 'base64')).toHaveLength(32);
    });

    it('gives every process starting at once the same secret', async () => {
      const secrets = await Promise.all(Array.from({ length: 6 }, () => loadSimulatorSecret(database.current.db)));
      const seeds = new Set(secrets.map((secret) => deriveRootSeed(secret, 'match', 1)));
      expect(seeds.size).toBe(1);
    });
  });
});
