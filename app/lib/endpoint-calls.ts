import type { Endpoint, EndpointData } from '../../core/contracts/endpoints';
import type { ApiFetch } from './api-client';
import type { EndpointCall } from './endpoint-client';

/**
 * How app code calls the API (decision 137): `endpointCalls` takes a feature's endpoints, loaded
 * with `import()`, and answers a function that calls one of them by name through `callEndpoint`
 * (app/lib/endpoint-client.ts), which builds the address and checks the answer.
 *
 *   const guessing = endpointCalls(async () => (await import('../../../core/contracts/guessing')).guessingEndpoints);
 *   guessing('day', { query: { sport, day } });
 *
 * The contracts and the schema library load with the first call, never with a page: this file and
 * its callers import them only as types, so zod stays out of the initial JavaScript (decision 084).
 * `fetcher` replaces the section 7 client (tests answer from memory).
 */
export function endpointCalls<Endpoints extends Record<string, Endpoint>>(load: () => Promise<Endpoints>, fetcher?: ApiFetch) {
  return async function call<Name extends keyof Endpoints & string>(name: Name, options?: EndpointCall<Endpoints[Name]>): Promise<EndpointData<Endpoints[Name]>> {
    const [{ callEndpoint }, endpoints] = await Promise.all([import('./endpoint-client'), load()]);
    return callEndpoint(endpoints[name], options, fetcher);
  };
}
