import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGE, ERROR_STATUS, ErrorBodySchema, isErrorCode, type ErrorCode } from '../../core/contracts/api';
import type { PublicConfig } from '../../core/contracts/services';
import { LOCALES, type Locale } from '../../core/locale';
import { formatMessage } from '../../core/messages/messages';
import { buildApp } from '../app';
import { AppError } from '../errors';
import { useTestDatabase } from '../test-support/db';
import { createMatchService } from '../modules/matches/matches.service';

const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };
const LANGUAGES: Locale[] = LOCALES.map((locale) => locale.code);
/** Values for the placeholders of the codes' default messages (RATE_LIMITED's seconds, COLLECTION_LIMIT's max). */
const PARAMS = { seconds: 30, max: 50, limit: 5, remaining: 0 };
const SECRET = 'connection to db-internal-7 refused';

/** What a client reads in each language for a few codes, written out rather than looked up. */
const SEEN: Partial<Record<ErrorCode, Record<Locale, string>>> = {
  NOT_FOUND: { tr: 'Aradığınız adres bulunamadı', en: 'Nothing was found at this address', zh: '此地址没有内容' },
  DETAIL_EXPIRED: {
    tr: 'Üç aydan eski maçlar için ayrıntı görüntülenemez',
    en: 'Matches older than three months do not support detail viewing',
    zh: '三个月前的比赛不支持查看详情',
  },
  INTERNAL: {
    tr: 'Sunucuda bir hata oluştu, lütfen biraz sonra yeniden deneyin',
    en: 'Something went wrong on the server, please try again shortly',
    zh: '服务器出错，请稍后再试',
  },
  RATE_LIMITED: {
    tr: formatMessage('tr', 'account.rateLimited', PARAMS),
    en: 'Too many attempts, please try again in 30 seconds',
    zh: formatMessage('zh', 'account.rateLimited', PARAMS),
  },
};

describe('the error handler', () => {
  const database = useTestDatabase('pglite');
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    const { db } = database.current;
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: PUBLIC_CONFIG,
      logger: { level: 'error', stream: { write: (line: string) => void logLines.push(line) } },
    });
    // Routes that throw on demand: each code as a service would throw it, and an unexpected failure.
    app.get<{ Params: { code: string } }>('/test/errors/:code', async (request) => {
      const code = request.params.code;
      if (!isErrorCode(code)) throw new Error(SECRET);
      throw new AppError(code, { params: PARAMS, retryAfterSec: code === 'RATE_LIMITED' ? PARAMS.seconds : undefined });
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  async function answer(url: string, language?: Locale) {
    const response = await app.inject({ method: 'GET', url, headers: language ? { language } : {} });
    return { status: response.statusCode, headers: response.headers, body: response.json<unknown>(), raw: response.body };
  }

  describe.each(LANGUAGES)('in %s', (language) => {
    it.each(ERROR_CODES)('answers %s with its status, code and translated message', async (code) => {
      const { status, body } = await answer(`/test/errors/${code}`, language);
      const expected = ERROR_STATUS[code];
      expect(status).toBe(expected);
      const message = formatMessage(language, ERROR_MESSAGE[code], PARAMS);
      expect(body).toEqual({ code: expected, message, data: { error: code } });
      expect(ErrorBodySchema.parse(body).data.error).toBe(code);
      expect(message).not.toMatch(/\{\{|\}\}/);
      const seen = SEEN[code]?.[language];
      if (seen !== undefined) expect(message).toBe(seen);
    });
  });

  it('answers in Turkish without a Language header or with an unknown one', async () => {
    expect((await answer('/test/errors/NOT_FOUND')).body).toMatchObject({ message: 'Aradığınız adres bulunamadı' });
    const german = await app.inject({ method: 'GET', url: '/test/errors/NOT_FOUND', headers: { language: 'de' } });
    expect(german.json()).toMatchObject({ message: 'Aradığınız adres bulunamadı' });
  });

  it('sends Retry-After with a rate-limited answer', async () => {
    const { status, headers } = await answer('/test/errors/RATE_LIMITED', 'en');
    expect(status).toBe(429);
    expect(headers['retry-after']).toBe('30');
  });

  it.each(LANGUAGES)('hides an unexpected failure behind the generic message in %s and logs it with the request id', async (language) => {
    logLines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/test/errors/boom', headers: { language } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, message: SEEN.INTERNAL?.[language], data: { error: 'INTERNAL' } });
    expect(response.body).not.toContain('db-internal');
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; err?: { message?: string } });
    const entry = logged.find((line) => line.err?.message === SECRET);
    expect(entry?.reqId).toEqual(expect.any(String));
    expect(entry?.msg).toBe('request failed');
  });

  it('logs no 4xx', async () => {
    logLines.length = 0;
    await answer('/test/errors/NOT_FOUND', 'en');
    await answer('/test/errors/VALIDATION', 'en');
    expect(logLines).toEqual([]);
  });

  describe('what Fastify itself refuses maps onto the same codes, never a 5xx', () => {
    const post = (payload: string, contentType: string) =>
      app.inject({ method: 'POST', url: '/api/user/login', payload, headers: { 'content-type': contentType, language: 'en' } });

    it('an unknown address: 404 NOT_FOUND', async () => {
      const { status, body } = await answer('/api/nothing-here', 'zh');
      expect(status).toBe(404);
      expect(body).toEqual({ code: 404, message: '此地址没有内容', data: { error: 'NOT_FOUND' } });
      expect((await answer('/builds/meta/other.json', 'en')).body).toEqual({
        code: 404,
        message: 'Nothing was found at this address',
        data: { error: 'NOT_FOUND' },
      });
    });

    it('malformed JSON and an empty JSON body: 400 BAD_REQUEST', async () => {
      for (const payload of ['{"account": ', '']) {
        const response = await post(payload, 'application/json');
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 400, message: 'The request could not be understood', data: { error: 'BAD_REQUEST' } });
      }
    });

    it('a content type no route reads: 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const response = await post('<login/>', 'application/xml');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ code: 415, message: 'The request could not be understood', data: { error: 'UNSUPPORTED_MEDIA_TYPE' } });
    });

    it('a body over the limit: 413 PAYLOAD_TOO_LARGE', async () => {
      const response = await post(JSON.stringify({ account: 'x'.repeat(70 * 1024), password: 'p' }), 'application/json');
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 413, message: 'The request is too large', data: { error: 'PAYLOAD_TOO_LARGE' } });
    });

    it('a malformed address: 400 BAD_REQUEST', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/match/football/%E0%A4%A', headers: { language: 'en' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, message: 'The request could not be understood', data: { error: 'BAD_REQUEST' } });
    });
  });

  describe('validation has one shape everywhere: 400 VALIDATION with a message per field', () => {
    it('on a query (live-score list)', async () => {
      const { status, body } = await answer('/api/match_recent/anew_list?day=abc', 'en');
      expect(status).toBe(400);
      expect(body).toEqual({
        code: 400,
        message: 'The request is not valid',
        data: { error: 'VALIDATION', fields: [{ field: 'day', message: expect.any(String) }] },
      });
    });

    it('on a body (sign-in), with the contract’s own messages', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: {}, headers: { language: 'en' } });
      expect(response.statusCode).toBe(400);
      const body = ErrorBodySchema.parse(response.json());
      expect(body).toMatchObject({ code: 400, message: 'The request is not valid', data: { error: 'VALIDATION' } });
      expect(body.data.fields).toEqual(
        expect.arrayContaining([{ field: 'account', message: formatMessage('en', 'account.account.required') }]),
      );
    });
  });
});
