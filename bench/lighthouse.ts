// lighthouse: Lighthouse 12 (Node API) in Debian's Chromium against the production server with
// the demo day (the same server as page_load: bench/support/page-load-server.ts, in its own
// process), for the home page `/`, `/football` and the page of a live match, as a phone (the
// Lighthouse default: a Moto G Power emulated, with simulated slow 4G and a 4× slower CPU) and
// as a desktop (Lighthouse's desktop preset). Records the four category scores, the Core Web
// Vitals and the other lab metrics, the page weight, and the audits that fail — what to fix
// next. With --lighthouse-runs N each page and form factor runs N times and the run with the
// median performance score is kept (the Lighthouse team's advice for variance).
import type { ChildProcess } from 'node:child_process';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { startPageServer } from './page-load';
import { snapshotBuild } from './support/build-snapshot';
import { launchChromium } from './support/chromium';
import { stopServer } from './support/server-process';

export interface LighthouseOptions {
  /** runs per page and form factor; the median run (by performance score) is kept */
  runs: number;
  timeoutMs: number;
}

export type FormFactor = 'mobile' | 'desktop';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface FailingAudit {
  id: string;
  title: string;
  category: Category;
  /** 0–1; below 0.9 counts as failing, as the report colours it */
  score: number;
  /** binary (pass/fail), numeric (a metric) or metricSavings (an insight or opportunity) */
  scoreDisplayMode: string;
  displayValue?: string;
  /** up to three of what the audit points at: an element's selector and snippet, or a URL */
  examples?: string[];
}

export interface LighthouseRun {
  page: string;
  path: string;
  formFactor: FormFactor;
  /** 0–100 per category; null when Lighthouse could not score it */
  scores: Record<Category, number | null>;
  metrics: {
    lcpMs: number | null;
    tbtMs: number | null;
    cls: number | null;
    fcpMs: number | null;
    speedIndexMs: number | null;
    totalByteWeight: number | null;
  };
  failingAudits: FailingAudit[];
  /** the performance scores of all N runs, the kept one among them */
  performanceScores: Array<number | null>;
  runWarnings: string[];
  runtimeError?: string;
  /** Lighthouse's estimate of this machine's speed (BenchmarkIndex; ~1000+ for a fast desktop) */
  benchmarkIndex: number;
}

export interface LighthouseResult {
  lighthouseVersion: string;
  browser: string;
  server: { origin: string; liveMatch: { id: number; path: string } };
  runs: LighthouseRun[];
}

const METRIC_AUDITS = {
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcpMs: 'first-contentful-paint',
  speedIndexMs: 'speed-index',
  totalByteWeight: 'total-byte-weight',
} as const;

/** Modes whose score says nothing about the page: not scored, not applicable, to check by hand. */
const UNSCORED_MODES = new Set(['informative', 'notApplicable', 'manual']);

export async function benchLighthouse(options: LighthouseOptions): Promise<LighthouseResult> {
  const build = await snapshotBuild();
  let timer: NodeJS.Timeout | undefined;
  let child: ChildProcess | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`lighthouse did not finish within ${options.timeoutMs / 1000} s`)), options.timeoutMs);
  });
  const run = async () => {
    const server = await startPageServer(build.dir);
    child = server.child;
    return measure(server.ready.origin, server.ready.liveMatch, options);
  };
  try {
    return await Promise.race([run(), deadline]);
  } finally {
    clearTimeout(timer);
    if (child) await stopServer(child);
    await build.remove();
  }
}

async function measure(origin: string, liveMatch: { id: number; path: string }, options: LighthouseOptions): Promise<LighthouseResult> {
  const pages = [
    { page: 'home', path: '/' },
    { page: 'football', path: '/football' },
    { page: 'live match', path: liveMatch.path },
  ];
  const runs: LighthouseRun[] = [];
  let lighthouseVersion = 'unknown';
  let browser = 'unknown';
  for (const { page, path } of pages) {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const results: Result[] = [];
      for (let run = 0; run < options.runs; run++) {
        const lhr = await runLighthouse(`${origin}${path}`, formFactor);
        lighthouseVersion = lhr.lighthouseVersion;
        browser = lhr.environment.hostUserAgent;
        results.push(lhr);
      }
      const performance = (lhr: Result) => lhr.categories.performance?.score ?? -1;
      const sorted = [...results].sort((a, b) => performance(a) - performance(b));
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      runs.push(summarise(median, page, path, formFactor, results));
    }
  }
  return { lighthouseVersion, browser, server: { origin, liveMatch: { id: liveMatch.id, path: liveMatch.path } }, runs };
}

/** One Lighthouse run in a fresh Chromium (no cache, no service worker left from a run before). */
async function runLighthouse(url: string, formFactor: FormFactor): Promise<Result> {
  const chromium = await launchChromium();
  try {
    const flags: Flags = { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url} (${formFactor})`);
    return result.lhr;
  } finally {
    await chromium.close();
  }
}

function summarise(lhr: Result, page: string, path: string, formFactor: FormFactor, all: Result[]): LighthouseRun {
  const score = (category: Category) => {
    const value = lhr.categories[category]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === 'number' ? Math.round(value * 1000) / 1000 : null;
  };
  const failingAudits: FailingAudit[] = [];
  const seen = new Set<string>();
  for (const category of CATEGORIES) {
    for (const reference of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[reference.id];
      if (!audit || seen.has(audit.id) || UNSCORED_MODES.has(audit.scoreDisplayMode)) continue;
      if (audit.score === null || audit.score >= 0.9) continue;
      seen.add(audit.id);
      const examples = examplesOf(audit.details);
      failingAudits.push({
        id: audit.id,
        title: audit.title,
        category,
        score: Math.round(audit.score * 100) / 100,
        scoreDisplayMode: audit.scoreDisplayMode,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        ...(examples.length > 0 ? { examples } : {}),
      });
    }
  }
  return {
    page,
    path,
    formFactor,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      lcpMs: numeric(METRIC_AUDITS.lcpMs),
      tbtMs: numeric(METRIC_AUDITS.tbtMs),
      cls: numeric(METRIC_AUDITS.cls),
      fcpMs: numeric(METRIC_AUDITS.fcpMs),
      speedIndexMs: numeric(METRIC_AUDITS.speedIndexMs),
      totalByteWeight: numeric(METRIC_AUDITS.totalByteWeight),
    },
    failingAudits,
    performanceScores: all.map((run) => {
      const value = run.categories.performance?.score;
      return typeof value === 'number' ? Math.round(value * 100) : null;
    }),
    runWarnings: lhr.runWarnings,
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** The first few items an audit names (table and list details): elements by selector and snippet, resources by URL. */
function examplesOf(details: unknown): string[] {
  if (typeof details !== 'object' || details === null || !('items' in details) || !Array.isArray(details.items)) return [];
  const examples: string[] = [];
  for (const item of details.items as unknown[]) {
    if (examples.length === 3) break;
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    const node = record.node as { selector?: unknown; snippet?: unknown } | undefined;
    if (node && typeof node.selector === 'string') {
      examples.push(`${node.selector}${typeof node.snippet === 'string' ? ` ${node.snippet.slice(0, 160)}` : ''}`);
    } else if (typeof record.url === 'string') {
      examples.push(record.url);
    }
  }
  return examples;
}
