import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { startTribun, type RunningTribun } from './start';

/**
 * Hostile input as a test (issue 11, "fuzzing as a test"): a seeded, generated stream of
 * requests over every operation of the OpenAPI document — random and hostile path parameters,
 * queries, bodies and headers — plus odd methods and paths on the pages, against the real server
 * (`startTribun`: PGlite, the embedded broker, the web build). No answer may be a 5xx, no
 * connection may drop, and the server answers normally afterwards. Same seed, same requests.
 */
const SEED = 20_261_124;
const REQUESTS = 2_400;
const CONCURRENCY = 8;

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '%00',
    '%',
    '%E0%A4%A',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '${7*7}',
    '{{7*7}}',
    '-1',
    '0',
    '1e309',
    'NaN',
    '9'.repeat(40),
    'ı'.repeat(300),
    '比赛',
    '\u202e',
    ' ',
    '',
  ),
);

const jsonValue = fc.oneof(hostileText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 3 }));

/** A body: usually a JSON object with the operation's likely fields, sometimes anything at all. */
function bodyFor(fields: string[]): fc.Arbitrary<string> {
  const known = fields.length > 0 ? fc.dictionary(fc.constantFrom(...fields), jsonValue, { maxKeys: fields.length }) : fc.constant({});
  return fc.oneof(
    { weight: 5, arbitrary: known.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '[]', 'null', '{"a":', '\u0000', '{"__proto__":{"x":1}}') },
  );
}

const headerValue = fc.oneof(
  fc.string({ maxLength: 60 }).filter((value) => /^[\t\x20-\x7e]*$/.test(value)),
  fc.constantFrom('tr', 'en', 'zh', 'xx', '', 'evil.example', '1.2.3.4, 5.6.7.8', 'a b', '[', 'evil.example:99999'),
);

function requestFor(operation: Operation, bodyFields: string[]): fc.Arbitrary<FuzzRequest> {
  const params = fc.array(fc.oneof(hostileText, fc.integer().map(String)), {
    minLength: operation.pathParams.length,
    maxLength: operation.pathParams.length,
  });
  const query = fc.dictionary(fc.oneof(fc.constantFrom(...(operation.queryParams.length > 0 ? operation.queryParams : ['q'])), fc.string({ maxLength: 8 })), hostileText, {
    maxKeys: 4,
  });
  const headers = fc.record(
    {
      language: headerValue,
      token: headerValue,
      'content-type': fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'),
      'x-forwarded-for': headerValue,
      'x-forwarded-host': headerValue,
      'x-forwarded-proto': headerValue,
      origin: fc.constantFrom('http://evil.example', 'null', 'http://127.0.0.1'),
      cookie: headerValue.map((value) => `tribun_session=${value}`),
    },
    { requiredKeys: [] },
  );
  const method = fc.oneof({ weight: 6, arbitrary: fc.constant(operation.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') });
  return fc.record({ params, query, headers, method, body: bodyFor(bodyFields) }).map(({ params, query, headers, method, body }) => {
    let index = 0;
    const pathname = operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[index++] ?? ''));
    const search = new URLSearchParams(query).toString();
    const sendsBody = method !== 'GET' && method !== 'HEAD';
    return { method, url: `${pathname}${search ? `?${search}` : ''}`, headers, ...(sendsBody ? { body } : {}) };
  });
}

/** Page addresses with odd methods and odd paths: the renderer must never answer 5xx either. */
const pageRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'TRACE', 'OPTIONS', 'DELETE'),
    path: fc.oneof(
      fc.constantFrom('/', '/en', '/zh/football', '/basketball', '/football/Details/1', '//evil.example/', '//%20', '/tr/hakk%C4%B1m%C4%B1zda', '/%', '/%c0%ae%c0%ae/', '/en/football?day=%00', '/search?q=%00', '/en/search?q=' + 'x'.repeat(80), '/zh/search?q=%E8%8B%B1'),
      fc.webPath(),
      hostileText.map((text) => `/${encodeURIComponent(text)}`),
    ),
    host: fc.option(headerValue, { nil: undefined }),
  })
  .map(({ method, path, host }): FuzzRequest => {
    const headers: Record<string, string> = host === undefined ? {} : { 'x-forwarded-host': host };
    return { method, url: path.startsWith('/') ? path : `/${path}`, headers };
  });

let dataDir: string;
let tribun: RunningTribun;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tribun-fuzz-'));
  const env = parseEnv({ DATA_DIR: dataDir, HOST: '127.0.0.1', SIM: 'off', LOG_LEVEL: 'silent' });
  tribun = await startTribun({ ...env, PORT: 0 });
});

afterAll(async () => {
  await tribun?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function readOperations(): Promise<{ operations: Operation[]; bodyFields: Map<Operation, string[]> }> {
  const response = await fetch(`${tribun.origin}/api/docs/json`);
  expect(response.status).toBe(200);
  type Parameter = { in: string; name: string };
  type Spec = {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>>;
  };
  const spec = (await response.json()) as Spec;
  const operations: Operation[] = [];
  const bodyFields = new Map<Operation, string[]>();
  for (const [pathTemplate, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const entry: Operation = {
        method: method.toUpperCase(),
        path: pathTemplate,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        hasBody: Boolean(operation.requestBody),
      };
      operations.push(entry);
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      bodyFields.set(entry, Object.keys(schema?.properties ?? {}));
    }
  }
  return { operations, bodyFields };
}

/** Over node:http, which sends any method (fetch refuses TRACE) and any header a client may. */
function send(request: FuzzRequest): Promise<{ request: FuzzRequest; status: number | 'dropped'; error?: string }> {
  return new Promise((resolve) => {
    const target = new URL(tribun.origin);
    const outgoing = http.request(
      // One connection per request: a kept-alive socket the server has just closed would look like a drop.
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers, timeout: 15_000, agent: false },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ request, status: response.statusCode ?? 0 }));
        response.on('error', (error) => resolve({ request, status: 'dropped', error: String(error) }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', (error) => resolve({ request, status: 'dropped', error: String(error) }));
    outgoing.end(request.body);
  });
}

describe('fuzzing the real server', () => {
  it(`answers ${REQUESTS} generated hostile requests without a 5xx or a dropped connection, and stays healthy`, { timeout: 120_000 }, async () => {
    const { operations, bodyFields } = await readOperations();
    expect(operations.length).toBeGreaterThan(40);

    const apiRequest = fc.constantFrom(...operations).chain((operation) => requestFor(operation, bodyFields.get(operation) ?? []));
    const anyRequest = fc.oneof({ weight: 5, arbitrary: apiRequest }, { weight: 1, arbitrary: pageRequest });
    const requests = fc.sample(anyRequest, { seed: SEED, numRuns: REQUESTS });

    const failures: Awaited<ReturnType<typeof send>>[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const request = requests[next++];
          if (!request) break;
          const result = await send(request);
          if (result.status === 'dropped' || result.status >= 500) failures.push(result);
          else statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
        }
      }),
    );

    expect({ count: failures.length, first: failures.slice(0, 5) }).toEqual({ count: 0, first: [] });
    // The stream really reached the handlers: successes and the usual refusals both occur.
    expect([...statuses.keys()].some((status) => status >= 200 && status < 300)).toBe(true);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(100);

    const health = await fetch(`${tribun.origin}/api/health`);
    expect(health.status).toBe(200);
    const list = await fetch(`${tribun.origin}/api/match_recent/anew_list`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { code: number }).code).toBe(1);
  });
});
