import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiSuccessSchema } from '../../../core/contracts/api';
import { CONTACT_RECORD_DAYS, StaffContactListDataSchema, StaffContactMessageSchema } from '../../../core/contracts/contact';
import { contactMessages } from '../../db/schema/contact-messages';
import { users } from '../../db/schema/users';
import { mailOutbox } from '../../db/schema/verification-codes';
import { closeDueAccounts } from '../account/account-closure';
import { deleteExpiredRecords } from '../../jobs/data-retention';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { createMailer } from '../mail/mailer';
import { buildTestApp } from '../points/points-test-support';
import { createRateLimiter } from '../../lib/limits/rate-limiter';
import { createContactForm } from './contact-form';
import { CONTACT_ANSWERS_PER_STAFF } from '../../settings/limits';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;
const DAY_MS = 86_400_000;

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ayşe Yılmaz',
  email: 'Ayse@Example.test',
  topic: 'account',
  message: 'Merhaba,\nhesabıma giriş yapamıyorum.\tYardım eder misiniz?',
  ...overrides,
});

describe.each(TEST_DATABASE_KINDS)('the contact form and the staff inbox on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  let app: FastifyInstance;
  let staff: TestUser;
  let fan: TestUser;
  let address = 0;
  /** a client address of its own per test, so the per-address limit of one never touches another */
  const nextAddress = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    app = await buildTestApp(db());
    staff = await createTestUser(db(), { role: 'staff', nickname: 'InboxStaff' });
    fan = await createTestUser(db(), { nickname: 'InboxFan' });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await db().delete(contactMessages);
    await db().delete(mailOutbox);
  });

  async function send(body: unknown, options: { user?: TestUser; ip?: string; language?: string } = {}) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: options.ip ?? nextAddress(),
      headers: { language: options.language ?? 'en', ...(options.user ? { token: options.user.token } : {}) },
      payload: body as object,
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  }

  async function call(method: 'GET' | 'POST', url: string, user: TestUser | null, body?: unknown) {
    const response = await app.inject({
      method,
      url,
      headers: { language: 'en', ...(user ? { token: user.token } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.json() };
  }

  const stored = () => db().select().from(contactMessages).orderBy(contactMessages.id);

  describe('POST /api/contact', () => {
    it('stores a signed-out visitor’s message with its address and language, line breaks kept', async () => {
      const sent = await send(message(), { ip: '203.0.113.50', language: 'tr' });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ code: 0, data: { id: expect.any(Number) } });
      const [row] = await stored();
      expect(row).toMatchObject({
        id: sent.body.data.id,
        userId: null,
        name: 'Ayşe Yılmaz',
        email: 'ayse@example.test',
        topic: 'account',
        body: 'Merhaba,\nhesabıma giriş yapamıyorum.\tYardım eder misiniz?',
        locale: 'tr',
        ip: '203.0.113.50',
        status: 'open',
        answer: null,
      });
    });

    it('stores the line breaks a form posts (\\r\\n) as \\n', async () => {
      expect((await send(message({ message: 'Birinci satır\r\nikinci satır\rüçüncü' }))).status).toBe(200);
      expect((await stored())[0]?.body).toBe('Birinci satır\nikinci satır\nüçüncü');
    });

    it('links a signed-in fan’s message to the account', async () => {
      const sent = await send(message({ name: 'Someone else' }), { user: fan });
      expect(sent.status).toBe(200);
      expect((await stored())[0]).toMatchObject({ userId: fan.id, name: 'Someone else' });
    });

    it('refuses bad input with a translated message per field and stores nothing', async () => {
      const empty = await send({}, { language: 'en' });
      expect(empty.status).toBe(400);
      expect(empty.body.data.fields).toEqual(
        expect.arrayContaining([
          { field: 'name', message: 'Please enter your name' },
          { field: 'email', message: 'Please enter your email' },
          { field: 'topic', message: 'Please choose a topic from the list' },
          { field: 'message', message: 'The message must be 10–5000 characters long' },
        ]),
      );
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ name: 'Ayşe\u0000' }, 'name', 'Kontrol karakterleri (NUL gibi) içeremez'],
        [{ name: 'Ayşe\nYılmaz' }, 'name', 'Kontrol karakterleri (NUL gibi) içeremez'],
        [{ email: 'ayse@example.test\u0007' }, 'email', 'Kontrol karakterleri (NUL gibi) içeremez'],
        [{ message: 'Merhaba \u0007 dünya, bir sorum var' }, 'message', 'Kontrol karakterleri (NUL gibi) içeremez'],
        [{ message: 'Merhaba \u0085 dünya, bir sorum var' }, 'message', 'Kontrol karakterleri (NUL gibi) içeremez'],
        [{ message: '  kısa    ' }, 'message', 'Mesaj 10–5000 karakter uzunluğunda olmalı'],
        [{ message: 'x'.repeat(5001) }, 'message', 'Mesaj 10–5000 karakter uzunluğunda olmalı'],
        [{ topic: 'billing' }, 'topic', 'Lütfen listeden bir konu seçin'],
        [{ email: 'not-an-address' }, 'email', 'Lütfen geçerli bir e-posta adresi girin'],
        [{ name: 'x'.repeat(101) }, 'name', 'Ad en fazla 100 karakter olabilir'],
      ];
      for (const [overrides, field, text] of cases) {
        const refused = await send(message(overrides), { language: 'tr' });
        expect(refused.status, JSON.stringify(overrides)).toBe(400);
        expect(refused.body.data.fields, JSON.stringify(overrides)).toEqual([{ field, message: text }]);
      }
      expect(await stored()).toEqual([]);
    });

    it('allows 5 messages an hour per address, then 429 with Retry-After and a translated message', async () => {
      const ip = nextAddress();
      for (let i = 0; i < 5; i++) expect((await send(message(), { ip })).status).toBe(200);
      const refused = await send(message(), { ip, language: 'zh' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ message: expect.stringContaining('短时间内发送的留言过多'), data: { error: 'RATE_LIMITED' } });
      expect(await stored()).toHaveLength(5);
      // another address is not held back
      expect((await send(message())).status).toBe(200);
    });

    it('allows 10 messages a day per account, whatever address they come from', async () => {
      const writer = await createTestUser(db());
      for (let i = 0; i < 10; i++) expect((await send(message(), { user: writer })).status).toBe(200);
      const refused = await send(message(), { user: writer, language: 'en' });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Many messages were sent in a short time, please try again in \d+ seconds$/);
      expect((await stored()).filter((row) => row.userId === writer.id)).toHaveLength(10);
    });

    it('refuses a cookie-borne message from another site', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: nextAddress(),
        headers: { cookie: `tribun_session=${fan.token}`, origin: 'https://evil.example', language: 'en' },
        payload: message(),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ data: { error: 'CROSS_SITE' } });
      expect(await stored()).toEqual([]);
    });
  });

  describe('the page form (createContactForm)', () => {
    const form = () =>
      createContactForm({
        deps: { db: db(), mailer: createMailer({ db: db(), from: 'test@tribun.local' }), limiter: createRateLimiter({ db: db() }) },
      });
    const requestOf = (user: TestUser | null, ip: string) =>
      ({ ip, user: user ? { id: user.id, role: 'user', status: 'active', nickname: user.nickname } : null }) as unknown as FastifyRequest;

    it('stores the message through the same service, in the page’s language, and translates refusals', async () => {
      const ip = nextAddress();
      const sent = await form()(requestOf(fan, ip)).send({ body: message(), locale: 'zh' });
      expect(sent).toEqual({ ok: true, data: { id: expect.any(Number) } });
      expect((await stored())[0]).toMatchObject({ userId: fan.id, locale: 'zh', ip });

      const bad = await form()(requestOf(null, ip)).send({ body: message({ message: 'kurz', name: '' }), locale: 'en' });
      expect(bad).toMatchObject({
        ok: false,
        status: 400,
        error: 'VALIDATION',
        fields: { message: 'The message must be 10–5000 characters long', name: 'Please enter your name' },
      });
      // the same counter as the API: 4 more through the API, then the form is refused
      for (let i = 0; i < 4; i++) expect((await send(message(), { ip })).status).toBe(200);
      const limited = await form()(requestOf(null, ip)).send({ body: message(), locale: 'tr' });
      expect(limited).toMatchObject({ ok: false, status: 429, error: 'RATE_LIMITED', retryAfterSec: expect.any(Number) });
      expect(limited.ok === false && limited.message).toMatch(/saniye sonra yeniden deneyin/);
    });
  });

  describe('the staff inbox', () => {
    it('is for staff only: signed out 401, a fan 403, even for the fan’s own message', async () => {
      const own = await send(message(), { user: fan });
      expect((await call('GET', '/api/staff/contact', null)).status).toBe(401);
      expect((await call('GET', '/api/staff/contact', fan)).status).toBe(403);
      expect((await call('GET', `/api/staff/contact/${own.body.data.id}`, fan)).status).toBe(403);
      const other = await createTestUser(db());
      const refused = await call('GET', `/api/staff/contact/${own.body.data.id}`, other);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain('hesabıma');
      expect((await call('POST', `/api/staff/contact/${own.body.data.id}/answer`, other, { answer: 'Hello there' })).status).toBe(403);
      expect((await call('POST', `/api/staff/contact/${own.body.data.id}/close`, other)).status).toBe(403);
      expect((await stored())[0]).toMatchObject({ status: 'open', answer: null });
    });

    it('lists open messages newest first with paging and opens one', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await send(message({ message: `Message number ${i} for staff` }))).body.data.id);
      const first = await call('GET', '/api/staff/contact?page=1&size=2', staff);
      expect(first.status).toBe(200);
      const data = apiSuccessSchema(StaffContactListDataSchema).parse(first.body).data;
      expect(data.list.map((row) => row.id)).toEqual([ids[2], ids[1]]);
      expect(data.total).toBe(3);
      const second = apiSuccessSchema(StaffContactListDataSchema).parse((await call('GET', '/api/staff/contact?page=2&size=2', staff)).body).data;
      expect(second.list.map((row) => row.id)).toEqual([ids[0]]);
      const one = await call('GET', `/api/staff/contact/${ids[0]}`, staff);
      expect(apiSuccessSchema(StaffContactMessageSchema).parse(one.body).data).toMatchObject({
        id: ids[0],
        body: 'Message number 0 for staff',
        email: 'ayse@example.test',
        status: 'open',
      });
      expect((await call('GET', '/api/staff/contact/999999', staff)).body).toMatchObject({ code: 404, message: 'Message not found' });
    });

    it('answers by mail in the message’s language, once; then closes it', async () => {
      const sent = await send(message({ message: 'Puanlarım kayboldu, neden?' }), { language: 'zh' });
      const id = sent.body.data.id as number;
      const bad = await call('POST', `/api/staff/contact/${id}/answer`, staff, { answer: 'ok\u0000' });
      expect(bad.status).toBe(400);
      const answered = await call('POST', `/api/staff/contact/${id}/answer`, staff, { answer: 'Puanlarınız geri yüklendi.\nİyi günler!' });
      expect(answered.status).toBe(200);
      expect(answered.body.data).toMatchObject({ status: 'answered', answered_by: staff.id, answer: 'Puanlarınız geri yüklendi.\nİyi günler!' });
      const mails = await db().select().from(mailOutbox);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: 'ayse@example.test', subject: `Tribün：对您留言的回复（#${id}）` });
      expect(mails[0]?.text).toContain('Ayşe Yılmaz，您好');
      expect(mails[0]?.text).toContain('Puanlarınız geri yüklendi.\nİyi günler!');
      expect(mails[0]?.text).toContain('账户');
      expect(mails[0]?.text).toContain('Puanlarım kayboldu, neden?');
      // it left the open list; a second answer is refused and mails nothing
      const open = apiSuccessSchema(StaffContactListDataSchema).parse((await call('GET', '/api/staff/contact', staff)).body).data;
      expect(open.list.map((row) => row.id)).not.toContain(id);
      const again = await call('POST', `/api/staff/contact/${id}/answer`, staff, { answer: 'Once more' });
      expect(again).toMatchObject({ status: 409, body: { data: { error: 'CONTACT_CLOSED' }, message: 'This message has already been answered or closed' } });
      expect(await db().select().from(mailOutbox)).toHaveLength(1);

      const closed = await call('POST', `/api/staff/contact/${id}/close`, staff);
      expect(closed.body.data).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
      const closedList = apiSuccessSchema(StaffContactListDataSchema).parse((await call('GET', '/api/staff/contact?status=closed', staff)).body).data;
      expect(closedList.list.map((row) => row.id)).toEqual([id]);
    });

    it('closes an open message without answering; it can no longer be answered', async () => {
      const id = (await send(message())).body.data.id as number;
      expect((await call('POST', `/api/staff/contact/${id}/close`, staff)).status).toBe(200);
      expect((await call('POST', `/api/staff/contact/${id}/answer`, staff, { answer: 'Too late' })).status).toBe(409);
      expect(await db().select().from(mailOutbox)).toEqual([]);
    });

    it(`limits answers to ${CONTACT_ANSWERS_PER_STAFF.limit} an hour per staff member`, async () => {
      const busy = await createTestUser(db(), { role: 'admin' });
      const limiter = createRateLimiter({ db: db() });
      for (let i = 0; i < CONTACT_ANSWERS_PER_STAFF.limit; i++) await limiter.hit({ key: `contact:answers:${busy.id}`, ...CONTACT_ANSWERS_PER_STAFF });
      const id = (await send(message())).body.data.id as number;
      const refused = await call('POST', `/api/staff/contact/${id}/answer`, busy, { answer: 'Hello again' });
      expect(refused.status).toBe(429);
      expect((await stored())[0]).toMatchObject({ status: 'open' });
      expect(await db().select().from(mailOutbox)).toEqual([]);
    });
  });

  describe('personal data', () => {
    it(`deletes a message ${CONTACT_RECORD_DAYS} days after it was answered or closed, never an open one`, async () => {
      const t0 = new Date('2026-02-01T10:00:00Z');
      const at = (days: number) => new Date(t0.getTime() + days * DAY_MS);
      const base = { name: 'A', email: 'a@example.test', topic: 'general' as const, body: 'x'.repeat(10), locale: 'en' as const, ip: '192.0.2.1' };
      const [open, answered, closed, recent] = await db()
        .insert(contactMessages)
        .values([
          { ...base, createdAt: at(-400) },
          { ...base, createdAt: at(-300), status: 'answered', answeredAt: at(-CONTACT_RECORD_DAYS - 1), answer: 'ok' },
          { ...base, createdAt: at(-300), status: 'closed', closedAt: at(-CONTACT_RECORD_DAYS) },
          { ...base, createdAt: at(-300), status: 'closed', answeredAt: at(-CONTACT_RECORD_DAYS - 10), closedAt: at(-1) },
        ])
        .returning({ id: contactMessages.id });
      const counts = await deleteExpiredRecords({ db: db(), now: t0 });
      expect(counts.contactMessages).toBe(2);
      expect((await stored()).map((row) => row.id)).toEqual([open?.id, recent?.id]);
      expect(answered && closed).toBeTruthy();
      expect((await deleteExpiredRecords({ db: db(), now: t0 })).contactMessages).toBe(0);
    });

    it('erases the messages of an account when it closes', async () => {
      const leaving = await createTestUser(db());
      await send(message(), { user: leaving });
      await send(message(), { user: fan });
      const requested = new Date(Date.now() - 16 * DAY_MS);
      await db().update(users).set({ status: 'pending_cancellation', cancellationRequestedAt: requested }).where(eq(users.id, leaving.id));
      expect(await closeDueAccounts({ db: db() })).toContain(leaving.id);
      expect((await stored()).map((row) => row.userId)).toEqual([fan.id]);
    });
  });
});
