import type { PointsRecord } from '../../../core/contracts/points';

/**
 * The personal points chart's geometry, pure: the balance after each ledger row, oldest first,
 * as an SVG polyline in a width × height box with `pad` around it. A flat history sits in the
 * middle; one row draws a short flat line.
 */
export interface BalancePoint {
  x: number;
  y: number;
  balance: number;
  at: string;
}

export function balanceSeries(records: readonly PointsRecord[]): { balance: number; at: string }[] {
  return [...records].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id).map((r) => ({ balance: r.balance_after, at: r.created_at }));
}

export function balancePoints(series: readonly { balance: number; at: string }[], width: number, height: number, pad = 8): BalancePoint[] {
  if (series.length === 0) return [];
  const values = series.map((s) => s.balance);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const step = series.length > 1 ? (width - 2 * pad) / (series.length - 1) : 0;
  return series.map((s, i) => ({
    x: series.length > 1 ? pad + i * step : width / 2,
    y: span === 0 ? height / 2 : pad + ((max - s.balance) / span) * (height - 2 * pad),
    balance: s.balance,
    at: s.at,
  }));
}
