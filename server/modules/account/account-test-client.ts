import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { listOutboxMails } from '../mail/outbox';

/**
 * A small client of the account API for the account tests: JSON in, JSON out, headers as a
 * browser (cookie, Origin) or an app (Token) sends them, and the development outbox of `db`
 * (read through its service: the HTTP route is for staff only) to find the mailed codes.
 */
export interface CallOptions {
  token?: string;
  cookie?: string;
  language?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  body: { code: number; msg?: string; message?: string; data: unknown };
  response: LightMyRequestResponse;
}

export function createAccountClient(app: FastifyInstance, options: { db: Db }) {
  function headersOf(options: CallOptions): Record<string, string> {
    return {
      ...(options.token ? { token: options.token } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.language ? { language: options.language } : {}),
      ...options.headers,
    };
  }

  async function call(method: 'GET' | 'POST', url: string, payload?: unknown, options: CallOptions = {}): Promise<Answer> {
    const response = await app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: headersOf(options),
      remoteAddress: options.ip ?? '127.0.0.1',
    });
    return { status: response.statusCode, body: response.json(), response };
  }

  const post = (url: string, payload?: unknown, options?: CallOptions) => call('POST', url, payload, options);
  const get = (url: string, options?: CallOptions) => call('GET', url, undefined, options);

  /** The code of the newest mail to `email` in the development outbox. */
  async function mailedCode(email: string): Promise<string> {
    const [latest] = await listOutboxMails(options.db, { to: email, limit: 1 });
    const match = latest?.text.match(/\b(\d{6})\b/);
    if (!match?.[1]) throw new Error(`no code mailed to ${email}`);
    return match[1];
  }

  /** Registers through the real endpoints: code, outbox, regBefore, reg. */
  async function register(options: { email: string; nickname: string; password?: string; inviteCode?: string; ip?: string }) {
    const password = options.password ?? 'goal2025goal';
    const ip = options.ip;
    expect((await post('/api/user/code', { email: options.email, purpose: 'register' }, { ip })).status).toBe(200);
    const code = await mailedCode(options.email);
    expect((await post('/api/user/regBefore', { email: options.email, code }, { ip })).status).toBe(200);
    const answer = await post(
      '/api/user/reg',
      { email: options.email, code, password, confirmPassword: password, nickname: options.nickname, inviteCode: options.inviteCode },
      { ip },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data as { token: string; user: { id: number; invite_code: string; points: number } };
    return { ...data, password, response: answer.response };
  }

  /** The newest mails to `email` in the development outbox. */
  const mailsTo = (email: string) => listOutboxMails(options.db, { to: email });

  return { call, post, get, mailedCode, mailsTo, register };
}

/** The Set-Cookie headers of an answer, as an array. */
export function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}
