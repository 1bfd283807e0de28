import { describe, expect, it } from 'vitest';
import { accountPagePath, afterLoginPath, safeRedirectTarget } from './login-redirect';

describe('?redirect= after signing in', () => {
  it('keeps pages of this site, without their language prefix, with query and hash', () => {
    expect(safeRedirectTarget('/football?list=hot#live')).toBe('/football?list=hot#live');
    expect(safeRedirectTarget('/en/personal-center/personal-center/pointsRecord')).toBe('/personal-center/personal-center/pointsRecord');
  });

  it('refuses anything that could lead to another site', () => {
    for (const raw of ['https://evil.example/', '//evil.example', '/\\evil.example', 'evil.example', '/\tfoo', 'javascript:alert(1)', '', null]) {
      expect(safeRedirectTarget(raw)).toBeNull();
    }
  });

  it('never returns to the sign-in pages themselves', () => {
    expect(safeRedirectTarget('/login')).toBeNull();
    expect(safeRedirectTarget('/en/register?invite=X')).toBeNull();
  });

  it('goes to the asked page in the reader’s language, else to the personal centre', () => {
    expect(afterLoginPath('/football', 'en')).toBe('/en/football');
    expect(afterLoginPath('//evil.example', 'zh')).toBe('/zh/personal-center/personal-center');
    expect(afterLoginPath(null, 'tr')).toBe('/personal-center/personal-center');
  });

  it('builds sign-in links that bring the reader back', () => {
    expect(accountPagePath('/login', 'en', '/en/basketball?x=1')).toBe('/en/login?redirect=%2Fbasketball%3Fx%3D1');
    expect(accountPagePath('/register', 'tr', null)).toBe('/register');
  });
});
