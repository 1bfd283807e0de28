/**
 * Draws a crest: a shield (teams) or a round badge (competitions) in the given colours with
 * initials. Never a copied logo — club badges are trademarks; colours and initials are not.
 */

export interface CrestInput {
  shape: 'shield' | 'badge';
  /** full name, read out by screen readers */
  label: string;
  /** the name initials are taken from */
  shortName: string;
  colors: [string, string];
}

const SHIELD = 'M32 3 L58 11 V31 C58 46 47 56 32 61 C17 56 6 46 6 31 V11 Z';

/** "Man United" → "MU", "Galatasaray" → "GAL", "PSG" → "PSG", "1461 Trabzon" → "1T". */
export function crestInitials(shortName: string): string {
  const words = shortName
    .split(/[\s\-.'’&]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length > 0);
  const first = words[0] ?? '?';
  if (words.length === 1) {
    return (first.length <= 4 && first === first.toUpperCase() ? first : first.slice(0, 3)).toUpperCase();
  }
  return words
    .slice(0, 3)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase();
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (channels[0] ?? 0) + 0.7152 * (channels[1] ?? 0) + 0.0722 * (channels[2] ?? 0);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The secondary colour when it reads well on the primary, else black or white. */
function textColor(background: string, secondary: string): string {
  if (contrast(background, secondary) >= 3) return secondary;
  return contrast(background, '#ffffff') >= contrast(background, '#111111') ? '#ffffff' : '#111111';
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderCrestSvg(input: CrestInput): string {
  const [primary, secondary] = input.colors;
  const initials = crestInitials(input.shortName);
  const fontSize = initials.length >= 4 ? 14 : initials.length === 3 ? 17 : initials.length === 2 ? 22 : 28;
  const outline =
    input.shape === 'shield'
      ? `<path d="${SHIELD}" fill="${primary}" stroke="${secondary}" stroke-width="3"/>` +
        `<path d="M6 40 C20 36 44 36 58 40" fill="none" stroke="${secondary}" stroke-width="2" opacity="0.6"/>`
      : `<circle cx="32" cy="32" r="28" fill="${primary}" stroke="${secondary}" stroke-width="3"/>`;
  const label = escapeXml(input.label);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${label}">` +
    `<title>${label}</title>${outline}` +
    `<text x="32" y="${input.shape === 'shield' ? 31 : 33}" text-anchor="middle" dominant-baseline="middle" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-weight="700" font-size="${fontSize}" ` +
    `fill="${textColor(primary, secondary)}">${escapeXml(initials)}</text></svg>`
  );
}
