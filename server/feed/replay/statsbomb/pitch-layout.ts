/**
 * Where a starter stands in a formation drawing, from StatsBomb's position name. The layout is
 * one team's half-pitch diagram: x runs from the team's own goal line (0) to its front line (1),
 * y from the team's left touchline (0) to its right (1), as seen attacking towards x = 1 — the
 * same orientation StatsBomb's coordinates use. A page drawing both teams mirrors the away side.
 */
const SPOTS: Readonly<Record<string, readonly [number, number]>> = {
  Goalkeeper: [0.05, 0.5],
  'Right Back': [0.25, 0.88],
  'Right Center Back': [0.2, 0.64],
  'Center Back': [0.2, 0.5],
  'Left Center Back': [0.2, 0.36],
  'Left Back': [0.25, 0.12],
  'Right Wing Back': [0.4, 0.92],
  'Left Wing Back': [0.4, 0.08],
  'Right Defensive Midfield': [0.38, 0.64],
  'Center Defensive Midfield': [0.38, 0.5],
  'Left Defensive Midfield': [0.38, 0.36],
  'Right Midfield': [0.55, 0.88],
  'Right Center Midfield': [0.52, 0.64],
  'Center Midfield': [0.52, 0.5],
  'Left Center Midfield': [0.52, 0.36],
  'Left Midfield': [0.55, 0.12],
  'Right Wing': [0.78, 0.86],
  'Right Attacking Midfield': [0.68, 0.64],
  'Center Attacking Midfield': [0.68, 0.5],
  'Left Attacking Midfield': [0.68, 0.36],
  'Left Wing': [0.78, 0.14],
  'Right Center Forward': [0.88, 0.62],
  'Center Forward': [0.9, 0.5],
  Striker: [0.9, 0.5],
  'Left Center Forward': [0.88, 0.38],
  'Secondary Striker': [0.8, 0.5],
};

/** The spot of a StatsBomb position, or null for a position the layout does not know. */
export function pitchSpot(position: string | null): { x: number; y: number } | null {
  const spot = position ? SPOTS[position] : undefined;
  return spot ? { x: spot[0], y: spot[1] } : null;
}

/** StatsBomb writes formations as numbers (433, 41212); the page shows "4-3-3", "4-1-2-1-2". */
export function formatFormation(formation: number | null | undefined): string | null {
  if (formation === null || formation === undefined || formation <= 0) return null;
  return String(formation).split('').join('-');
}
