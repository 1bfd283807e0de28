import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import trContact from '../app/locales/tr/contact.json';
import trStaff from '../app/locales/tr/staff.json';
import { MESSAGES } from '../core/messages/messages';
import type { StaffAccount } from './support/outbox';
import { DESKTOP_CHROME_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The contact form and the staff inbox against the real server in real Chromium (decision 127).
 * A signed-out visitor with JavaScript switched off writes in Turkish: the form posts to the
 * page, and the page answers with the confirmation. An admin (made with `npm run admin:create`)
 * finds the message in the inbox, answers it, and the answer mail — in Turkish, the language
 * the message was written in — is in the development outbox; closing it empties the inbox.
 */
const stamp = Date.now().toString(36);
const ADMIN: StaffAccount = { email: `inbox-admin-${stamp}@example.com`, nickname: 'InboxAdmin', password: 'inbox-admin-2026' };
const VISITOR = { name: 'Ayşe Yılmaz', email: `ayse-${stamp}@example.com` };
const BODY = `Merhaba,\npuanlarım dün akşam kayboldu (${stamp}). Bakabilir misiniz?`;
const ANSWER = `Merhaba Ayşe,\npuanlarınız geri yüklendi (${stamp}).`;
const t = trContact.contact;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({}, { staff: ADMIN }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
}

describe('the contact form and the staff inbox', () => {
  let messageId = 0;
  let visitor: BrowserContext;
  let staff: BrowserContext;

  beforeAll(async () => {
    visitor = await browser.newContext({ javaScriptEnabled: false, userAgent: DESKTOP_CHROME_UA, viewport: { width: 390, height: 844 }, locale: 'tr-TR' });
    staff = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 1366, height: 900 }, locale: 'tr-TR' });
  });

  afterAll(async () => {
    await visitor?.close();
    await staff?.close();
  });

  it('a signed-out visitor without JavaScript sends a message in Turkish and sees the confirmation', async () => {
    const page = await visitor.newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.origin}/contact`);
    // a refusal first: the page answers with the message beside the field and keeps what was typed
    await page.getByLabel(t.form.name, { exact: true }).fill(VISITOR.name);
    await page.getByLabel(t.form.email, { exact: true }).fill(VISITOR.email);
    await page.getByLabel(t.form.topic, { exact: true }).selectOption('points');
    await page.getByLabel(t.form.message, { exact: true }).fill('kısa');
    await page.getByRole('button', { name: t.form.submit }).click();
    await page.getByText(MESSAGES.tr['contact.message.length']).waitFor();
    expect(await page.getByLabel(t.form.email, { exact: true }).inputValue()).toBe(VISITOR.email);

    await page.getByLabel(t.form.message, { exact: true }).fill(BODY);
    await page.getByRole('button', { name: t.form.submit }).click();
    await page.getByText(t.sent.title).waitFor();
    const confirmation = await page.getByTestId('contact-sent').innerText();
    messageId = Number(/#(\d+)/.exec(confirmation)?.[1]);
    expect(messageId).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(posts).toEqual(['/contact', '/contact']);
    await page.close();
  });

  it('staff find it in the inbox, answer it by mail in Turkish, and close it', async () => {
    const page = await staff.newPage();
    const login = await page.request.post(`${server.origin}/api/user/login`, { data: { account: ADMIN.email, password: ADMIN.password } });
    expect(login.status()).toBe(200);
    await page.goto(`${server.origin}/staff/messages`);
    await hydrated(page);
    await page.getByRole('link', { name: trStaff.nav.messages }).waitFor();
    const row = page.locator(`[data-testid="staff-message-row"][data-message-id="${messageId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(VISITOR.name);
    expect(await row.innerText()).toContain(MESSAGES.tr['contact.topic.points']);

    await row.getByRole('link', { name: VISITOR.name }).click();
    await page.waitForURL(new RegExp(`/staff/messages/${messageId}$`));
    await page.getByTestId('staff-message-body').waitFor();
    expect(await page.getByTestId('staff-message-body').innerText()).toBe(BODY);
    await page.getByLabel(t.inbox.answerLabel, { exact: true }).fill(ANSWER);
    await page.getByRole('button', { name: t.inbox.send }).click();
    await page.getByText(t.inbox.answerSent).waitFor();

    const outbox = await page.request.get(`${server.origin}/api/staff/outbox?to=${encodeURIComponent(VISITOR.email)}`);
    expect(outbox.status()).toBe(200);
    const mails = ((await outbox.json()) as { data: { list: Array<{ to: string; subject: string; text: string }> } }).data.list;
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(MESSAGES.tr['contact.mail.answer.subject'].replace('{{id}}', String(messageId)));
    expect(mails[0]?.text).toContain(`Merhaba ${VISITOR.name},`);
    expect(mails[0]?.text).toContain(ANSWER);
    expect(mails[0]?.text).toContain(BODY);

    await page.getByRole('button', { name: t.inbox.close }).click();
    await page.getByText(t.inbox.closedDone).waitFor();
    await page.getByTestId('staff-back').click();
    await page.waitForURL(/\/staff\/messages$/);
    await page.getByTestId('staff-messages-status').waitFor();
    await page.getByText(t.inbox.empty).or(page.locator('[data-testid="staff-message-row"]').first()).first().waitFor();
    expect(await page.locator(`[data-testid="staff-message-row"][data-message-id="${messageId}"]`).count()).toBe(0);
    await page.close();
  });
});
