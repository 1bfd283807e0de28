import type { Endpoint, EndpointData } from '../../core/contracts/endpoints';
import type { ApiFetch } from './api-client';

export interface EndpointUpload {
  /** values of the path's `:parameters` */
  params?: Readonly<Record<string, string | number>>;
  /** the form to send as multipart/form-data (the browser sets the boundary) */
  form: FormData;
  signal?: AbortSignal;
}

/**
 * Sends files to an upload endpoint as FormData (multipart) through the section 7 client, and
 * checks the answer as `callEndpoint` does. Like `endpointCalls`, it loads the contracts and the
 * checking code with the first upload, never with a page:
 *
 *   const upload = endpointUploads(async () => (await import('../../../core/contracts/community')).communityEndpoints);
 *   const form = new FormData(); form.append('file', file);
 *   await upload('upload', { form });
 */
export function endpointUploads<Endpoints extends Record<string, Endpoint>>(load: () => Promise<Endpoints>, fetcher?: ApiFetch) {
  return async function upload<Name extends keyof Endpoints & string>(
    name: Name,
    call: EndpointUpload,
  ): Promise<EndpointData<Endpoints[Name]>> {
    const [{ callEndpoint }, { apiFetch }, endpoints] = await Promise.all([import('./endpoint-client'), import('./api-client'), load()]);
    const endpoint = endpoints[name];
    // Only an endpoint without a JSON body takes a form (the contract's upload routes).
    if (endpoint?.method !== 'POST' || endpoint.body !== undefined) throw new TypeError(`${name} is not an upload endpoint`);
    const send = fetcher ?? apiFetch;
    // callEndpoint builds the address and checks the answer; the body it would send is replaced by the form.
    const multipart: ApiFetch = (path, options) => send(path, { ...options, body: call.form });
    return callEndpoint(endpoint, { params: call.params, signal: call.signal }, multipart) as Promise<EndpointData<Endpoints[Name]>>;
  };
}
