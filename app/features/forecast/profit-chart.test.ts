import { describe, expect, it } from 'vitest';
import { profitChart } from './profit-chart';

const BOX = { width: 100, height: 50, pad: 5 };

describe('the cumulative profit chart', () => {
  it('starts on the zero line and spreads the points evenly across the width', () => {
    const chart = profitChart([1, 0.5, 2], BOX);
    expect(chart.points.map((p) => p.x)).toEqual([5, 35, 65, 95]);
    expect(chart.points[0]).toEqual({ x: 5, y: chart.zeroY, value: 0 });
    expect(chart.path.startsWith(`M5 ${chart.zeroY}`)).toBe(true);
  });

  it('maps the highest value to the top and the lowest to the bottom, zero always included', () => {
    const chart = profitChart([1, -1, 3], BOX);
    expect(chart.max).toBe(3);
    expect(chart.min).toBe(-1);
    // span 4 over 40 units of height: 10 per unit of profit
    expect(chart.points.map((p) => p.y)).toEqual([35, 25, 45, 5]);
    expect(chart.zeroY).toBe(35);
    expect(chart.path).toBe('M5 35 L35 25 L65 45 L95 5');
  });

  it('keeps zero in range for an all-profit or all-loss record', () => {
    expect(profitChart([2, 4], BOX)).toMatchObject({ min: 0, max: 4, zeroY: 45 });
    expect(profitChart([-1, -2], BOX)).toMatchObject({ min: -2, max: 0, zeroY: 5 });
  });

  it('draws nothing without a settled plan and a flat line for an even record', () => {
    expect(profitChart([], BOX)).toMatchObject({ path: '', points: [] });
    const flat = profitChart([0, 0], BOX);
    expect(flat.points.every((p) => p.y === flat.zeroY)).toBe(true);
  });
});
