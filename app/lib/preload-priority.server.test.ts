import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './preload-priority.server';

async function run(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(lowPriorityModulePreloads())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

const HEAD =
  '<!DOCTYPE html><html lang="tr-TR"><head><title>Canlı skorlar · 足球</title><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/></head>';
const BODY = '<body><p>Beşiktaş 2–1</p><link rel="modulepreload" href="/late.js"/><script type="module">import "/assets/entry.js"</script></body></html>';

describe('module preloads at low priority', () => {
  it('marks every preload of the head, and nothing else', async () => {
    const html = await run([Buffer.from(HEAD + BODY)]);
    expect(html).toBe(
      HEAD.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + BODY,
    );
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it('finds a tag and a character split across chunks', async () => {
    const bytes = Buffer.from(HEAD + BODY);
    for (const at of [5, HEAD.indexOf('modulepreload') + 3, Buffer.from(HEAD.slice(0, HEAD.indexOf('ı'))).length + 1, Buffer.from(HEAD).length - 3]) {
      const html = await run([bytes.subarray(0, at), bytes.subarray(at)]);
      expect(html).toContain('<title>Canlı skorlar · 足球</title>');
      expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
      expect(html.endsWith(BODY)).toBe(true);
    }
  });

  it('passes a document without a head through unchanged', async () => {
    expect(await run([Buffer.from('<p>no head'), Buffer.from(' here</p>')])).toBe('<p>no head here</p>');
  });
});
