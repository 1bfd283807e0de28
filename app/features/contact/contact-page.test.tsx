import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ContactFormServices, FormInput, ServerLoadContext } from '../../../core/contracts/services';
import type { Locale } from '../../../core/locale';
import { getI18n } from '../../i18n/i18n';
import { text } from '../../test-support/render';
import ContactRoute, { action, loader } from './routes/contact';

/** The /contact page as the server renders it, for a reader without JavaScript. */
function renderPage(locale: Locale, loaderData: unknown, actionData?: unknown): string {
  const path = locale === 'tr' ? '/contact' : `/${locale}/contact`;
  const Stub = createRoutesStub([{ id: 'page', path, Component: ContactRoute, HydrateFallback: () => null }]);
  return renderToString(
    <I18nextProvider i18n={getI18n(locale)}>
      <Stub
        initialEntries={[path]}
        hydrationData={{ loaderData: { page: loaderData }, ...(actionData === undefined ? {} : { actionData: { page: actionData } }) }}
      />
    </I18nextProvider>,
  );
}

const SIGNED_OUT = { currentUser: null } as unknown as ServerLoadContext;

describe('the /contact page', () => {
  it.each([
    ['tr', 'İletişim', 'Mesajı gönder', 'Basın / iş birliği'],
    ['en', 'Contact', 'Send message', 'Press / partnership'],
    ['zh', '联系我们', '发送留言', '媒体 / 合作'],
  ] as const)('renders a form that posts without scripts in %s, and never says it is missing', (locale, title, submit, topic) => {
    const html = renderPage(locale, loader({ context: SIGNED_OUT } as never));
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).not.toMatch(/<form[^>]*action=/);
    for (const name of ['name', 'email', 'topic', 'message']) expect(html).toContain(`name="${name}"`);
    expect(html).not.toContain('id="contact"');
    const page = text(html);
    expect(page).toContain(title);
    expect(page).toContain(submit);
    expect(page).toContain(topic);
    expect(page).not.toMatch(/not built yet|henüz hazır değil|尚未推出/);
    expect(html).not.toContain('{{');
  });

  it('fills in a signed-in fan’s name and address', () => {
    const context = { currentUser: { nickname: 'Kartal_1903', email: 'kartal@example.test' } } as unknown as ServerLoadContext;
    const html = renderPage('en', loader({ context } as never));
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Kartal_1903"|<input[^>]*value="Kartal_1903"[^>]*name="name"/);
    expect(html).toMatch(/value="kartal@example.test"/);
    expect(text(html)).toContain('You are signed in as Kartal_1903: the message is linked to your account.');
  });

  it('shows the confirmation after the form was posted, and the messages and typed values after a refusal', async () => {
    const asked: FormInput[] = [];
    const contact: ContactFormServices = {
      send: async (input) => {
        asked.push(input);
        return input.body.message === 'kısa'
          ? { ok: false, status: 400, error: 'VALIDATION', message: 'İstek geçersiz', fields: { message: 'Mesaj 10–5000 karakter uzunluğunda olmalı' } }
          : { ok: true, data: { id: 42 } };
      },
    };
    const post = (fields: Record<string, string>) =>
      action({
        request: new Request('http://localhost/contact', { method: 'POST', body: new URLSearchParams(fields) }),
        params: {},
        context: { currentUser: null, contact } as unknown as ServerLoadContext,
      } as never);

    const fields = { name: 'Ayşe', email: 'ayse@example.test', topic: 'general', message: 'Merhaba, bir sorum var.' };
    const sent = await post(fields);
    expect(asked).toEqual([{ body: fields, locale: 'tr' }]);
    const html = renderPage('tr', { prefill: null }, sent);
    expect(text(html)).toContain('Teşekkürler, mesajınız gönderildi.');
    expect(text(html)).toContain('#42');
    expect(html).not.toContain('data-testid="contact-form"');

    const refused = (await post({ ...fields, message: 'kısa' })) as unknown as { data: unknown; init: { status: number } };
    expect(refused.init.status).toBe(400);
    const again = renderPage('tr', { prefill: null }, refused.data);
    expect(text(again)).toContain('Mesaj 10–5000 karakter uzunluğunda olmalı');
    expect(again).toContain('value="ayse@example.test"');
    expect(again).toMatch(/<textarea[^>]*>kısa<\/textarea>/);
  });
});
