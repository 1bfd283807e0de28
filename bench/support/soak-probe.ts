// The soak benchmark's diagnostic probe (`--soak-probe` only): preloaded into the server process
// with `node --import tsx --import bench/support/soak-probe.ts server/main.ts`, it changes
// nothing the server does and appends one JSON line every SOAK_PROBE_INTERVAL_MS (5 s) to
// SOAK_PROBE_FILE: where the resident memory is — V8's heap (by space), memory outside it that
// V8 is told about (external, of which ArrayBuffers), and WebAssembly memories (PGlite's
// Postgres runs in one; it only grows). WebAssembly memories are found by watching the
// WebAssembly API before anything instantiates a module.
import { appendFileSync } from 'node:fs';
import v8 from 'node:v8';

export interface ProbeLine {
  /** milliseconds since the epoch */
  at: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  /** bytes of every live WebAssembly.Memory (PGlite's Postgres) */
  wasmMb: number;
  /** V8's own malloc'ed memory (zones, compiler) */
  mallocedMb: number;
  /** the heap size V8 would grow to before failing (max-old-space-size and the young generation) */
  heapLimitMb: number;
  /** used / committed MB per heap space */
  spaces: Record<string, { usedMb: number; sizeMb: number }>;
  /** gc runs seen by the probe since the previous line (major = mark-compact) */
  gc: { minor: number; major: number };
}

const file = process.env.SOAK_PROBE_FILE;
const intervalMs = Number(process.env.SOAK_PROBE_INTERVAL_MS ?? 5000);

const memories: Array<WeakRef<WebAssembly.Memory>> = [];
function note(memory: unknown): void {
  if (memory instanceof WebAssembly.Memory && !memories.some((known) => known.deref() === memory)) memories.push(new WeakRef(memory));
}
function noteExports(instance: WebAssembly.Instance | undefined): void {
  for (const value of Object.values(instance?.exports ?? {})) note(value);
}
function noteImports(imports: WebAssembly.Imports | undefined): void {
  for (const module of Object.values(imports ?? {})) for (const value of Object.values(module)) note(value);
}

const OriginalInstance = WebAssembly.Instance;
const originalInstantiate = WebAssembly.instantiate.bind(WebAssembly);
WebAssembly.instantiate = (async (source: BufferSource | WebAssembly.Module, imports?: WebAssembly.Imports) => {
  noteImports(imports);
  const result = (await originalInstantiate(source as BufferSource, imports)) as WebAssembly.WebAssemblyInstantiatedSource | WebAssembly.Instance;
  noteExports(result instanceof OriginalInstance ? result : result.instance);
  return result;
}) as typeof WebAssembly.instantiate;
WebAssembly.Instance = class extends OriginalInstance {
  constructor(module: WebAssembly.Module, imports?: WebAssembly.Imports) {
    noteImports(imports);
    super(module, imports);
    noteExports(this);
  }
} as typeof WebAssembly.Instance;

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const gc = { minor: 0, major: 0 };

async function watchGc(): Promise<void> {
  const { PerformanceObserver, constants } = await import('node:perf_hooks');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major += 1;
      else gc.minor += 1;
    }
  }).observe({ entryTypes: ['gc'] });
}

function sample(): ProbeLine {
  // SOAK_PROBE_GC=1 with node's --expose-gc: a full collection first, so heapUsed is the live heap (investigation only).
  const collect = (globalThis as { gc?: () => void }).gc;
  if (process.env.SOAK_PROBE_GC === '1' && collect) collect();
  const usage = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const spaces: ProbeLine['spaces'] = {};
  for (const space of v8.getHeapSpaceStatistics()) {
    spaces[space.space_name] = { usedMb: mb(space.space_used_size), sizeMb: mb(space.space_size) };
  }
  let wasm = 0;
  for (const ref of memories) wasm += ref.deref()?.buffer.byteLength ?? 0;
  const line: ProbeLine = {
    at: Date.now(),
    rssMb: mb(usage.rss),
    heapUsedMb: mb(usage.heapUsed),
    heapTotalMb: mb(usage.heapTotal),
    externalMb: mb(usage.external),
    arrayBuffersMb: mb(usage.arrayBuffers),
    wasmMb: mb(wasm),
    mallocedMb: mb(heap.malloced_memory),
    heapLimitMb: mb(heap.heap_size_limit),
    spaces,
    gc: { ...gc },
  };
  gc.minor = 0;
  gc.major = 0;
  return line;
}

if (file) {
  void watchGc();
  setInterval(() => {
    try {
      appendFileSync(file, `${JSON.stringify(sample())}\n`);
    } catch {
      // the benchmark removed the file on its way out
    }
  }, intervalMs).unref();
}
