import type { Plan } from '../../../core/contracts/forecast';
import { PLAN_CANONICAL_VERSION, planFingerprint } from '../../../core/forecast/fingerprint';

/**
 * The "verify" button of a settled plan, done in the reader's own browser: SHA-256 of the
 * revealed salt and canonical text (core/forecast/fingerprint.ts, the same code the server used
 * when the plan was published) must equal the fingerprint that was public from the start. It
 * also reads the canonical text back and checks it says what the card shows (pick, line, odds,
 * description, price), so a matching hash of some other content cannot pass for this plan.
 */

export type VerifyOutcome =
  /** the hash matches and the canonical text holds the content shown */
  | { status: 'verified'; computed: string }
  /** the recomputed hash differs from the published fingerprint */
  | { status: 'mismatch'; computed: string }
  /** the hash matches, but the canonical text disagrees with the shown content on these fields */
  | { status: 'contentMismatch'; computed: string; fields: string[] }
  /** nothing to verify yet: the salt and canonical text are revealed after settlement */
  | { status: 'unavailable' }
  /** this browser cannot hash here (no Web Crypto, e.g. a page not served over HTTPS) */
  | { status: 'unsupported' };

/** The content fields of the canonical text, read back; null when it is not a canonical text. */
export function readCanonical(canonical: string): Record<string, unknown> | null {
  const [version, json, ...rest] = canonical.split('\n');
  if (version !== PLAN_CANONICAL_VERSION || json === undefined || rest.length > 0) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Fields where the canonical text and what the plan card shows disagree. */
export function canonicalDifferences(plan: Plan, canonical: string): string[] {
  const read = readCanonical(canonical);
  if (read === null) return ['canonical'];
  const expected: Record<string, unknown> = {
    tipsterId: plan.tipster.id,
    matchId: plan.match.id,
    sport: plan.match.sport,
    market: plan.market,
    period: plan.period,
    price: plan.price,
  };
  if (plan.content) {
    expected.pick = plan.content.pick;
    expected.line = plan.content.line;
    expected.odds = plan.content.odds;
    // A description hidden by staff is not shown, so there is nothing to compare it with.
    if (!plan.hidden) expected.description = plan.content.description.normalize('NFC');
  }
  return Object.entries(expected)
    .filter(([key, value]) => read[key] !== value)
    .map(([key]) => key);
}

function canHash(): boolean {
  return typeof globalThis.crypto?.subtle?.digest === 'function' && typeof TextEncoder === 'function';
}

/** Recomputes the fingerprint of a settled plan from its proof and compares. */
export async function verifyPlan(plan: Plan): Promise<VerifyOutcome> {
  if (plan.proof === null) return { status: 'unavailable' };
  if (!canHash()) return { status: 'unsupported' };
  const computed = await planFingerprint(plan.proof.canonical, plan.proof.salt);
  if (computed !== plan.fingerprint.toLowerCase()) return { status: 'mismatch', computed };
  const fields = canonicalDifferences(plan, plan.proof.canonical);
  return fields.length === 0 ? { status: 'verified', computed } : { status: 'contentMismatch', computed, fields };
}
