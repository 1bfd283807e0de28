import type { Page } from 'playwright-core';
import { codeFromOutbox, type StaffAccount } from './outbox';
import type { Visitor } from './page';

/**
 * What the points journeys (prediction centre, guessing contest) do as fans and staff through the
 * API, beside what they do in the browser: call an endpoint, register with the mailed code, sign
 * a browser in with the session, and wait for a user pop-up.
 */

export interface ApiAnswer<T> {
  status: number;
  data: T;
  text: string;
}

/** One JSON call; `token` signs it as a session (the `token` header). */
export async function apiCall<T>(origin: string, method: string, url: string, body?: unknown, token?: string): Promise<ApiAnswer<T>> {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = text.startsWith('{') ? (JSON.parse(text) as { data: T }) : { data: undefined as T };
  return { status: response.status, data: parsed.data, text };
}

/** Registers through the API with the code from the development outbox (read by the server's staff account). */
export async function registerFan(
  server: { origin: string; staff?: StaffAccount },
  email: string,
  nickname: string,
): Promise<{ id: number; token: string }> {
  const asked = await apiCall(server.origin, 'POST', '/api/user/code', { email, purpose: 'register' });
  if (asked.status !== 200) throw new Error(`the code could not be sent: ${asked.text}`);
  const code = await codeFromOutbox(server, email);
  const password = 'tribun2026';
  const answer = await apiCall<{ token: string; user: { id: number } }>(server.origin, 'POST', '/api/user/reg', {
    email,
    code,
    password,
    confirmPassword: password,
    nickname,
  });
  if (answer.status !== 200) throw new Error(`registration failed: ${answer.text}`);
  return { id: answer.data.user.id, token: answer.data.token };
}

/** Gives the browser context the session cookie of `token`. */
export async function signInVisitor(visitor: Visitor, origin: string, token: string): Promise<void> {
  await visitor.context.addCookies([{ name: 'tribun_session', value: token, url: origin, httpOnly: true, sameSite: 'Lax' }]);
}

/** Waits for a pop-up with this exact title on an open page. */
export async function waitForPopUp(page: Page, title: string): Promise<void> {
  await page.getByText(title, { exact: true }).first().waitFor({ timeout: 30_000 });
}
