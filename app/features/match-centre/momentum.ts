import type { MomentumMinute } from '../../../core/contracts/match-data';

/** Where the chart's minute axis ends: 90, or further when the match went on (added time counted in 90, extra time to 120). */
export function momentumAxisEnd(minutes: readonly MomentumMinute[]): number {
  const last = minutes.reduce((max, m) => Math.max(max, m.minute), 0);
  return last > 90 ? Math.max(120, last) : 90;
}

export interface MomentumSummary {
  /** minutes in which each side had more pressure than the other */
  homeMinutes: number;
  awayMinutes: number;
  level: number;
  /** the five-minute stretch with the most pressure of one side */
  peak: { side: 'home' | 'away'; from: number; to: number } | null;
  lastMinute: number | null;
}

const PEAK_WINDOW = 5;

/** What the chart shows, in words: who pressed in how many minutes, and the strongest spell. */
export function momentumSummary(minutes: readonly MomentumMinute[]): MomentumSummary {
  let homeMinutes = 0;
  let awayMinutes = 0;
  let level = 0;
  for (const m of minutes) {
    if (m.home > m.away) homeMinutes += 1;
    else if (m.away > m.home) awayMinutes += 1;
    else level += 1;
  }
  const sorted = [...minutes].sort((a, b) => a.minute - b.minute);
  let peak: MomentumSummary['peak'] = null;
  let best = 0;
  for (let i = 0; i < sorted.length; i++) {
    const from = sorted[i]!.minute;
    const window = sorted.filter((m) => m.minute >= from && m.minute < from + PEAK_WINDOW);
    for (const side of ['home', 'away'] as const) {
      const total = window.reduce((n, m) => n + m[side], 0);
      if (total > best) {
        best = total;
        peak = { side, from, to: window[window.length - 1]!.minute };
      }
    }
  }
  return { homeMinutes, awayMinutes, level, peak, lastMinute: sorted.length === 0 ? null : sorted[sorted.length - 1]!.minute };
}
