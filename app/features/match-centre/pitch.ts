import type { LineupPlayer } from '../../../core/contracts/match-data';

/**
 * A starter's place on the drawn pitch, 0..1 each way, with the home side defending the left
 * (or, on a phone, the top) half and the away side the other: the feed gives each side's x from
 * its own goal (0) towards the opponent's (1), so the away side is turned round. A small margin
 * keeps the markers inside the lines.
 */
export function pitchPoint(side: 'home' | 'away', x: number, y: number): { px: number; py: number } {
  const margin = 0.04;
  const inset = (v: number) => margin + v * (1 - 2 * margin);
  return side === 'home' ? { px: inset(x / 2), py: inset(y) } : { px: inset(1 - x / 2), py: inset(1 - y) };
}

export interface Substitution {
  minute: number;
  on: LineupPlayer | null;
  off: LineupPlayer | null;
}

/**
 * A side's substitutions from its lineup: who came on (minute_in) paired with who went off
 * (minute_out) at the same minute, in the order the lineup lists them.
 */
export function substitutionsOf(players: readonly LineupPlayer[]): Substitution[] {
  const ons = players.filter((p) => p.minute_in !== null);
  const offs = players.filter((p) => p.minute_out !== null);
  const minutes = [...new Set([...ons.map((p) => p.minute_in!), ...offs.map((p) => p.minute_out!)])].sort((a, b) => a - b);
  return minutes.flatMap((minute) => {
    const on = ons.filter((p) => p.minute_in === minute);
    const off = offs.filter((p) => p.minute_out === minute);
    return Array.from({ length: Math.max(on.length, off.length) }, (_, i) => ({ minute, on: on[i] ?? null, off: off[i] ?? null }));
  });
}

/** A short name for a marker on the pitch: the surname ("Mauro Icardi" → "Icardi"). */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1 ? parts[parts.length - 1]! : name;
}
