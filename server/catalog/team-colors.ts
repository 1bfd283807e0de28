/**
 * Crest colours for teams whose real colours we do not list: a fixed palette indexed by a hash
 * of the name, so a team keeps its colours across regenerations and machines.
 */
const PALETTE: [string, string][] = [
  ['#1d4ed8', '#ffffff'],
  ['#b91c1c', '#ffffff'],
  ['#15803d', '#ffffff'],
  ['#7e22ce', '#fde047'],
  ['#0f766e', '#f8fafc'],
  ['#c2410c', '#1e293b'],
  ['#1e3a8a', '#facc15'],
  ['#831843', '#f9a8d4'],
  ['#111827', '#f59e0b'],
  ['#0369a1', '#e0f2fe'],
  ['#4d7c0f', '#fefce8'],
  ['#9f1239', '#fecdd3'],
  ['#334155', '#38bdf8'],
  ['#a16207', '#1c1917'],
  ['#047857', '#fde68a'],
  ['#6d28d9', '#ffffff'],
];

/** FNV-1a over UTF-16 code units: tiny, stable, good enough to spread names over the palette. */
function hashName(name: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < name.length; index += 1) {
    hash ^= name.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function pickTeamColors(name: string, known: Record<string, [string, string]>): [string, string] {
  const real = known[name];
  if (real) return real;
  const pair = PALETTE[hashName(name) % PALETTE.length] ?? PALETTE[0];
  return pair as [string, string];
}
