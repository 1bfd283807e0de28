import type { z } from 'zod';

/**
 * One endpoint of the HTTP API, named once (docs/architecture.md, "One way for pages to reach
 * data"): its method, its path (with `:name` parameters), the shapes of its query and body, and
 * the `data` of its success envelope `{ code: 0, msg, data }`. The server registers its route from
 * it; the browser calls it through `callEndpoint` (app/lib/endpoint-client.ts), which builds the
 * address and checks the answer — no page writes an `/api/…` string.
 */
export interface Endpoint<
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Data extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: `/api/${string}`;
  query?: Query;
  body?: Body;
  data: Data;
  /**
   * The success envelope's `code`: 0 unless the specification says otherwise — football's
   * live-score paths (lists, a match, its tabs) answer 1 (core/contracts/api.ts).
   */
  code?: 0 | 1;
}

export function defineEndpoint<Query extends z.ZodType | undefined = undefined, Body extends z.ZodType | undefined = undefined, Data extends z.ZodType = z.ZodType>(
  endpoint: Endpoint<Query, Body, Data>,
): Endpoint<Query, Body, Data> {
  return endpoint;
}

/** The names of an endpoint path's `:parameters`. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The address of an endpoint with its parameters filled in, each percent-encoded; a missing one throws. */
export function endpointPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`endpoint ${path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

export type EndpointQuery<E> = E extends Endpoint<infer Query, z.ZodType | undefined, z.ZodType> ? (Query extends z.ZodType ? z.input<Query> : undefined) : never;
export type EndpointBody<E> = E extends Endpoint<z.ZodType | undefined, infer Body, z.ZodType> ? (Body extends z.ZodType ? z.input<Body> : undefined) : never;
export type EndpointData<E> = E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer Data> ? z.output<Data> : never;

/**
 * The address of a link the browser follows by itself (core/contracts/links.ts: a download, a
 * provider's sign-in): the path with its parameters filled in and the query's defined values.
 */
export function endpointHref(path: string, params: Readonly<Record<string, string | number>> = {}, query: Readonly<Record<string, string | number | undefined>> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === '' ? endpointPath(path, params) : `${endpointPath(path, params)}?${text}`;
}
