/**
 * Seeded pseudo-random numbers for the match simulator. Everything the simulator decides
 * (fixtures, goals, cards, delays) is drawn from here, so a seed replays the same football
 * and basketball days exactly — after a restart the server shows the same matches.
 *
 * The generator is sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 128 bits
 * of state, passes PractRand, and needs only 32-bit integer arithmetic.
 */

export interface Random {
  /** uniform in [0, 1) */
  next(): number;
  /** uniform integer in [min, max], both included */
  int(min: number, max: number): number;
  /** true with probability p */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** a Poisson-distributed count with the given mean */
  poisson(mean: number): number;
  /** a new array with the items in random order (the input is left untouched) */
  shuffle<T>(items: readonly T[]): T[];
  /** normally distributed (Box–Muller) */
  normal(mean: number, deviation: number): number;
}

import { createHmac, randomBytes } from 'node:crypto';
import { inspect } from 'node:util';

/**
 * The secret a default start draws how matches go from (decision 099): 32 random bytes made at
 * the first start and kept in the database. A 32-bit seed can be searched offline from a day of
 * published results, so each draw's seed is HMAC-SHA256(secret, its parts) — one match's seed
 * says nothing about the secret or any other match. The bytes never leave this object: it prints,
 * logs and serialises as `[secret]`.
 */
export class SecretSeed {
  readonly #key: Buffer;

  constructor(bytes: Uint8Array) {
    if (bytes.length < 32) throw new RangeError(`a simulator secret needs at least 32 bytes, got ${bytes.length}`);
    this.#key = Buffer.from(bytes);
  }

  static generate(): SecretSeed {
    return new SecretSeed(randomBytes(32));
  }

  /** a 32-bit seed for one stream (a match, its statistics, a scorer) */
  derive(parts: readonly (number | string)[]): number {
    const text = parts.map((part) => (typeof part === 'number' ? `n${part}` : `s${part}`)).join('\u001f');
    return createHmac('sha256', this.#key).update(text).digest().readUInt32BE(0);
  }

  /** the bytes, for the one place that stores them */
  exportBytes(): Buffer {
    return Buffer.from(this.#key);
  }

  toJSON(): string {
    return '[secret]';
  }

  toString(): string {
    return '[secret]';
  }

  [inspect.custom](): string {
    return 'SecretSeed [secret]';
  }
}

/** What a run draws match outcomes from: a public number (SIM_SEED, tests, demos) or the secret. */
export type SeedRoot = number | SecretSeed;

/** `deriveSeed` for a seed root: the public FNV mix for a number, HMAC-SHA256 for a secret. */
export function deriveRootSeed(root: SeedRoot, ...parts: readonly (number | string)[]): number {
  return typeof root === 'number' ? deriveSeed(root, ...parts) : root.derive(parts);
}

/**
 * Mixes any number of seed parts (a run seed, a day, a match id, a label) into one 32-bit
 * seed, so each match or day has its own stream and adding a draw in one place never
 * shifts the draws of another.
 */
export function deriveSeed(...parts: readonly (number | string)[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = typeof part === 'number' ? `n${part}` : `s${part}`;
    for (let i = 0; i < text.length; i++) {
      hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    }
    hash = Math.imul(hash ^ 0x7c, 0x01000193);
  }
  return mixSeed(hash);
}

/** murmur3's finaliser: spreads nearby inputs over the whole 32-bit range */
function mixSeed(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export function createRandom(seed: number): Random {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;

  function nextUint32(): number {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  }

  // The first outputs of sfc32 still echo the seed; discard them.
  for (let i = 0; i < 15; i++) nextUint32();

  function next(): number {
    return nextUint32() / 4294967296;
  }

  function int(min: number, max: number): number {
    if (max < min) throw new RangeError(`int(${min}, ${max}): max is below min`);
    return min + Math.floor(next() * (max - min + 1));
  }

  function normal(mean: number, deviation: number): number {
    const u = 1 - next();
    const v = next();
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  return {
    next,
    int,
    normal,
    chance(p) {
      return next() < p;
    },
    pick(items) {
      if (items.length === 0) throw new RangeError('pick() from an empty list');
      return items[int(0, items.length - 1)] as (typeof items)[number];
    },
    poisson(mean) {
      if (mean <= 0) return 0;
      // Knuth's product method is exact but slows down linearly with the mean; above 30 a
      // rounded normal is indistinguishable for our purposes (basketball totals).
      if (mean > 30) return Math.max(0, Math.round(normal(mean, Math.sqrt(mean))));
      const limit = Math.exp(-mean);
      let count = 0;
      let product = next();
      while (product > limit) {
        count++;
        product *= next();
      }
      return count;
    },
    shuffle(items) {
      const copy = items.slice();
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        const held = copy[i] as (typeof copy)[number];
        copy[i] = copy[j] as (typeof copy)[number];
        copy[j] = held;
      }
      return copy;
    },
  };
}
