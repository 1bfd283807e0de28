import { describe, expect, it } from 'vitest';
import { deriveDeviceId } from './device-id';

describe('deriveDeviceId', () => {
  const traits = ['Mozilla/5.0 (X11; Linux x86_64)', 'tr-TR', 'tr-TR,en', '8', '', '0', '1920x1080x24', '1', 'Europe/Istanbul'];

  it('is 32 lowercase hex digits and the same for the same traits and salt', () => {
    const id = deriveDeviceId(traits, 'salt-1');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(deriveDeviceId([...traits], 'salt-1')).toBe(id);
  });

  it('differs between identical devices with different salts', () => {
    expect(deriveDeviceId(traits, 'salt-1')).not.toBe(deriveDeviceId(traits, 'salt-2'));
  });

  it('differs when a trait differs', () => {
    const other = traits.map((t) => (t === 'Europe/Istanbul' ? 'Asia/Shanghai' : t));
    expect(deriveDeviceId(other, 'salt-1')).not.toBe(deriveDeviceId(traits, 'salt-1'));
  });

  it('does not let traits run into each other', () => {
    expect(deriveDeviceId(['ab', 'c'], 's')).not.toBe(deriveDeviceId(['a', 'bc'], 's'));
  });
});
