import { describe, expect, it } from 'vitest';
import { requestTimeZone, timeZoneScript } from './time-zone';

/** A browser as the head script sees it: its zone, a cookie jar (maybe refusing) and the page's address. */
function browserIn(zone: string, options: { cookies?: string; refusesCookies?: boolean; protocol?: string } = {}) {
  const jar = new Map<string, string>();
  for (const part of (options.cookies ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const written: string[] = [];
  const reloads: string[] = [];
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      if (options.refusesCookies) return;
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    },
  };
  const location = { protocol: options.protocol ?? 'https:', href: 'https://tribun.example/football', replace: (to: string) => reloads.push(to) };
  const intl = { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone: zone }) }) };
  const run = (renderedZone: string) => new Function('Intl', 'document', 'location', timeZoneScript(renderedZone))(intl, document, location);
  return { run, jar, written, reloads };
}

describe('the zone script in <head> (decision 115)', () => {
  it('writes the browser’s zone once and reloads nothing when the page is already in it', () => {
    const browser = browserIn('Europe/Istanbul');
    browser.run('Europe/Istanbul');
    expect(browser.jar.get('tribun_tz')).toBe('Europe%2FIstanbul');
    expect(browser.written[0]).toBe('tribun_tz=Europe%2FIstanbul; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(browser.reloads).toEqual([]);
    // The next page finds the cookie: nothing is written again.
    browser.run('Europe/Istanbul');
    expect(browser.written).toHaveLength(1);
  });

  it('loads a page rendered in another zone again, once: the second page is right and never reloads', () => {
    const browser = browserIn('Asia/Shanghai');
    browser.run('Europe/London');
    expect(browser.reloads).toEqual(['https://tribun.example/football']);
    // The server rendered the next page in Shanghai; even if it had not, the cookie stops a loop.
    browser.run('Asia/Shanghai');
    browser.run('Europe/London');
    expect(browser.reloads).toHaveLength(1);
  });

  it('never reloads when the browser refuses the cookie (no loop), and leaves out Secure on http', () => {
    const browser = browserIn('Asia/Shanghai', { refusesCookies: true, protocol: 'http:' });
    browser.run('Europe/Istanbul');
    browser.run('Europe/Istanbul');
    expect(browser.reloads).toEqual([]);
    expect(browser.written[0]).not.toContain('Secure');
  });

  it('follows a reader who moved: a cookie of another zone is replaced, and the page loaded again once', () => {
    const browser = browserIn('America/New_York', { cookies: 'theme=dark; tribun_tz=Europe%2FIstanbul' });
    browser.run('Europe/Istanbul');
    expect(browser.jar.get('tribun_tz')).toBe('America%2FNew_York');
    expect(browser.jar.get('theme')).toBe('dark');
    expect(browser.reloads).toHaveLength(1);
  });

  it('does nothing with a zone it cannot use', () => {
    for (const zone of ['', 'x'.repeat(65)]) {
      const browser = browserIn(zone);
      browser.run('Europe/Istanbul');
      expect(browser.written).toEqual([]);
      expect(browser.reloads).toEqual([]);
    }
  });

  it('keeps the rendered zone a plain string in the script, whatever it holds', () => {
    const script = timeZoneScript('</script><script>alert(1)</script>');
    expect(script).not.toContain('</script>');
    expect(script).toContain('\\u003c/script>');
  });
});

describe('the zone of a request', () => {
  const request = (path: string, cookie?: string) => new Request(`https://tribun.example${path}`, { headers: cookie ? { cookie } : {} });

  it('is the cookie’s valid zone, else the language’s usual one', () => {
    expect(requestTimeZone(request('/football'))).toBe('Europe/Istanbul');
    expect(requestTimeZone(request('/en/football'))).toBe('Europe/London');
    expect(requestTimeZone(request('/zh'))).toBe('Asia/Shanghai');
    expect(requestTimeZone(request('/zh', 'tribun_tz=America%2FNew_York'))).toBe('America/New_York');
    expect(requestTimeZone(request('/en', 'tribun_tz=Mars%2FOlympus'))).toBe('Europe/London');
    expect(requestTimeZone(request('/', 'tribun_tz=%3Cscript%3E'))).toBe('Europe/Istanbul');
  });
});
