// The JavaScript a server-rendered page makes the browser fetch before it is interactive
// (docs/decisions/084-first-load-javascript.md): the modulepreload links, the module scripts'
// src, and the static imports of the inline module script React Router writes
// (`import * as route0 from "…"`). Dynamic import() calls are not counted: what they load comes
// after hydration. Shared by e2e/bundle-budget.spec.ts and the benchmarks.
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export interface ScriptSize {
  url: string;
  /** bytes as built */
  raw: number;
  /** gzip level 9 */
  gzip9: number;
  /** brotli quality 11 (what a build-time precompression would send) */
  brotli11: number;
}

export interface InitialJs {
  files: number;
  raw: number;
  gzip9: number;
  brotli11: number;
  /** the script addresses, as the page names them */
  urls: string[];
  /** each script, largest (gzip) first */
  scripts: ScriptSize[];
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4]) : undefined;
}

/** Script addresses a page's HTML loads up front, in order of first mention, each once. */
export function listInitialScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (attribute(tag, 'rel')?.toLowerCase() === 'modulepreload' && href) urls.add(href);
  }
  for (const [, open, content] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    if (!open || attribute(open, 'type')?.toLowerCase() !== 'module') continue;
    const src = attribute(open, 'src');
    if (src) {
      urls.add(src);
      continue;
    }
    // Static imports only: `import "x"`, `import x from "x"`, `import * as x from "x"`, `import {a} from "x"`.
    for (const [, , specifier] of (content ?? '').matchAll(/(?:^|[;\s])import\s*(?:[\w$*{][^'"();]*?\s*from\s*)?(["'])([^"']+)\1/g)) {
      if (specifier) urls.add(specifier);
    }
  }
  return [...urls];
}

/** Sizes of bytes as sent uncompressed, with gzip -9 and with brotli -q 11. */
export function compressedSizes(bytes: Uint8Array): Omit<ScriptSize, 'url'> {
  return {
    raw: bytes.length,
    gzip9: gzipSync(bytes, { level: 9 }).length,
    brotli11: brotliCompressSync(bytes, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

/**
 * Sizes of a page's initial scripts, fetched from `origin` (the real server's static files).
 * Pass one `cache` to several calls: pages share most of their scripts.
 */
export async function measureInitialJs(html: string, origin: string, cache = new Map<string, ScriptSize>()): Promise<InitialJs> {
  const urls = listInitialScripts(html);
  const scripts: ScriptSize[] = [];
  for (const url of urls) {
    let size = cache.get(url);
    if (size === undefined) {
      const response = await fetch(new URL(url, origin), { headers: { 'accept-encoding': 'identity' } });
      if (response.status !== 200) throw new Error(`initial script ${url} answered ${response.status}`);
      size = { url, ...compressedSizes(new Uint8Array(await response.arrayBuffer())) };
      cache.set(url, size);
    }
    scripts.push(size);
  }
  const sum = (key: 'raw' | 'gzip9' | 'brotli11') => scripts.reduce((total, script) => total + script[key], 0);
  return {
    files: urls.length,
    raw: sum('raw'),
    gzip9: sum('gzip9'),
    brotli11: sum('brotli11'),
    urls,
    scripts: [...scripts].sort((a, b) => b.gzip9 - a.gzip9),
  };
}

/**
 * The texts a page carries for hydration (app/i18n/page-texts.tsx): not JavaScript, but part of
 * what the first load needs, so reports show it next to the scripts.
 */
export function pageTextsSize(html: string): Omit<ScriptSize, 'url'> {
  const json = /<script\b[^>]*\bid="page-texts"[^>]*>([\s\S]*?)<\/script>/i.exec(html)?.[1] ?? '';
  return compressedSizes(new TextEncoder().encode(json));
}

/** "123.4 KB" (1 KB = 1024 bytes). */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
