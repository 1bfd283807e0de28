/**
 * The maths of a tipster's record chart: cumulative level-stakes profit after each settled plan,
 * drawn as an SVG polyline. Plan 0 is the start (profit 0), so the line always begins on the zero
 * axis; the vertical range always includes zero, so above and below the axis read as profit and
 * loss.
 */

export interface ChartBox {
  width: number;
  height: number;
  /** inner margin on every side, in viewBox units */
  pad: number;
}

export interface ProfitChart {
  /** the SVG path of the line ("M x y L x y …"), empty with no point */
  path: string;
  /** y of the zero line */
  zeroY: number;
  /** the lowest and highest values drawn (zero included) */
  min: number;
  max: number;
  /** the drawn points (start included), for markers */
  points: { x: number; y: number; value: number }[];
}

/** Rounds to 2 decimals so the path text stays short and the same on every engine. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

export function profitChart(profits: readonly number[], box: ChartBox): ProfitChart {
  const values = [0, ...profits];
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  // A flat record (all zero) still needs a range to draw in.
  const span = max - min || 1;
  const innerWidth = box.width - 2 * box.pad;
  const innerHeight = box.height - 2 * box.pad;
  const steps = Math.max(1, values.length - 1);
  const x = (index: number) => round(box.pad + (index / steps) * innerWidth);
  const y = (value: number) => round(box.pad + ((max - value) / span) * innerHeight);
  const points = profits.length === 0 ? [] : values.map((value, index) => ({ x: x(index), y: y(value), value }));
  const path = points.map((p, index) => `${index === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  return { path, zeroY: y(0), min, max, points };
}
