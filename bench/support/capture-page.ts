// One GET with node:http, keeping the bytes exactly as they came over the wire: fetch would
// decompress the body and hide what the server really sent.
import { request } from 'node:http';
import type { CapturedAnswer } from './bare-page-server';

export interface RawAnswer {
  status: number;
  /** header pairs in the order the server sent them, names lower-cased */
  headers: Array<[string, string]>;
  body: Buffer;
}

export function getRaw(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'GET', headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const pairs: Array<[string, string]> = [];
        for (let index = 0; index + 1 < response.rawHeaders.length; index += 2) {
          pairs.push([response.rawHeaders[index]!.toLowerCase(), response.rawHeaders[index + 1]!]);
        }
        resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error(`GET ${url} took longer than 30 s`)));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

export function headerOf(answer: RawAnswer, name: string): string | undefined {
  return answer.headers.find(([key]) => key === name)?.[1];
}

/**
 * Connection-level headers are the transport's, not the page's: the bare server sends the body
 * in one piece with its Content-Length, and its own Date.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

export function toCaptured(answer: RawAnswer): CapturedAnswer {
  return {
    status: answer.status,
    headers: answer.headers.filter(([name]) => !HOP_BY_HOP.has(name)),
    bodyBase64: answer.body.toString('base64'),
  };
}
