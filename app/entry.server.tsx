import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { CspNonceContext } from './lib/csp-nonce';
import { lowPriorityModulePreloads } from './lib/preload-priority.server';

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, plus one rule of section 2: the not-found page is not
 * shown to search-engine bots and other crawlers. They get a bare 404, with no page and no
 * script that would send them home.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
): Response | Promise<Response> {
  const userAgent = request.headers.get('user-agent');
  const isCrawler = userAgent !== null && isbot(userAgent);

  if (responseStatusCode === 404 && isCrawler) {
    return new Response(request.method.toUpperCase() === 'HEAD' ? null : 'Not Found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Robots-Tag': 'noindex' },
    });
  }

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Crawlers wait for the whole page; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions = isCrawler || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The Content Security Policy's nonce (decision 072) goes on every inline script: React
    // Router's (hydration data, scroll restoration, module loader), React's streaming ones, ours.
    const nonce = loadContext?.cspNonce;
    const app = (
      <CspNonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce?.script} />
      </CspNonceContext>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce: nonce?.script,
      [readyOption]() {
        shellRendered = true;
        const body = lowPriorityModulePreloads({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors while rendering the shell reject above and are logged by React Router.
        if (shellRendered) console.error(error);
      },
    });
  });
}
