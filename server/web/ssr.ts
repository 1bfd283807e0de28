import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ServerLoadContext } from '../../core/contracts/services';

/**
 * Serves the React Router app from Fastify: every request no API route claimed becomes a Web
 * Request for React Router's handler, which renders on the server with the load context.
 * Registered in its own encapsulated scope so that its raw-body parser touches nothing else.
 */
export async function registerSsr(
  app: FastifyInstance,
  options: { build: ServerBuild; loadContext: ServerLoadContext },
): Promise<void> {
  const handle = createRequestHandler(options.build, 'production');

  await app.register(async (scope) => {
    // React Router reads request bodies itself (actions); hand it the raw stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.all('/*', async (request, reply) => {
      const webRequest = toWebRequest(request, reply);
      const response = await handle(webRequest, options.loadContext as never);
      return sendWebResponse(reply, response);
    });
  });
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const host = request.headers['x-forwarded-host'] ?? request.headers.host ?? 'localhost';
  const protocol = request.headers['x-forwarded-proto'] === 'https' ? 'https' : request.protocol;
  const url = new URL(request.url, `${protocol}://${String(host)}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }

  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });

  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body) {
    init.body = Readable.toWeb(request.body as Readable) as unknown as BodyInit;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
}
