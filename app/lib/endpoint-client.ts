import { z } from 'zod';
import { successEnvelopeSchema } from '../../core/contracts/api';
import { endpointPath, type Endpoint, type EndpointBody, type EndpointData, type EndpointQuery } from '../../core/contracts/endpoints';
import { ApiError, apiFetch, type ApiFetch } from './api-client';

export interface EndpointCall<E extends Endpoint> {
  /** values of the path's `:parameters` */
  params?: Readonly<Record<string, string | number>>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  signal?: AbortSignal;
}

/**
 * Calls one endpoint of the API (core/contracts/endpoints.ts) with the section 7 client and
 * returns the `data` of its success envelope, checked against the endpoint's contract (its `data`
 * schema, and the envelope's `code`: 1 for football's live-score paths, else 0). An answer
 * that does not match rejects with an ApiError of its status (the page shows its generic
 * failure) rather than reaching the page half-formed.
 */
export async function callEndpoint<E extends Endpoint>(endpoint: E, call: EndpointCall<E> = {}, fetcher: ApiFetch = apiFetch): Promise<EndpointData<E>> {
  const url = endpointPath(endpoint.path, call.params);
  // A body goes with any method but GET (a PUT's switches, a DELETE's ids); POST endpoints
  // without one still get an empty JSON object: Fastify refuses an empty body sent as JSON, and
  // some proxies drop a bodiless POST's length.
  const body = endpoint.method === 'GET' ? undefined : (call.body ?? (endpoint.method === 'POST' ? {} : undefined));
  const query = call.query as Record<string, string | number | undefined> | undefined;
  const answer = await fetcher<unknown>(url, { method: endpoint.method, body, query, signal: call.signal });
  const checked = successEnvelopeSchema(z.literal(endpoint.code ?? 0), endpoint.data).safeParse(answer);
  if (!checked.success) {
    throw new ApiError({
      code: 200,
      message: `the answer of ${endpoint.method} ${endpoint.path} does not match its contract`,
      data: answer,
      request: { method: endpoint.method, url },
    });
  }
  return checked.data.data as EndpointData<E>;
}
