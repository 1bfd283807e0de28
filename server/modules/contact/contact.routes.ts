import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import {
  ContactBodySchema,
  ContactSentSchema,
  StaffContactAnswerBodySchema,
  StaffContactListDataSchema,
  StaffContactListQuerySchema,
  StaffContactMessageSchema,
  StaffContactParamsSchema,
  contactEndpoints,
} from '../../../core/contracts/contact';
import { requestLocale } from '../../i18n/translate';
import { requireRole } from '../../http/current-user';
import {
  answerContactMessage,
  closeContactMessage,
  getContactMessage,
  listContactMessages,
  sendContactMessage,
  type ContactDeps,
} from './contact.service';

const STAFF_ROLES = ['staff', 'admin'] as const;
const staffErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

/**
 * The contact form's API and the staff inbox (docs/api/contact.md): POST /api/contact for
 * everyone, /api/staff/contact… for staff and admins (401 signed out, 403 otherwise).
 */
export const contactRoutes: FastifyPluginAsyncZod<{ deps: ContactDeps; now?: () => Date }> = async (app, options) => {
  const { deps } = options;
  const now = () => options.now?.() ?? new Date();

  app.post(
    contactEndpoints.send.path,
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the Tribün team (signed in: linked to the account); 5 an hour per address, 10 a day per account',
        body: ContactBodySchema,
        response: { 200: apiSuccessSchema(ContactSentSchema), 400: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) =>
      ok(
        await sendContactMessage(deps, {
          body: request.body,
          userId: request.user?.id ?? null,
          ip: request.ip,
          locale: requestLocale(request),
          now: now(),
        }),
      ),
  );

  await app.register(async (scope) => {
    const staff = scope.withTypeProvider<ZodTypeProvider>();
    // Checked before anything else is read: signed out 401, a plain user 403.
    staff.addHook('onRequest', async (request, reply) => {
      requireRole(request, STAFF_ROLES);
      void reply.header('cache-control', 'private, no-store');
    });

    staff.get(
      contactEndpoints.staffList.path,
      {
        schema: {
          tags: ['staff'],
          summary: 'The contact inbox: messages of one status (open by default), newest first',
          querystring: StaffContactListQuerySchema,
          response: { 200: apiSuccessSchema(StaffContactListDataSchema), ...staffErrors },
        },
      },
      async (request) => {
        requireRole(request, STAFF_ROLES);
        return ok(await listContactMessages(deps.db, request.query));
      },
    );

    staff.get(
      contactEndpoints.staffMessage.path,
      {
        schema: {
          tags: ['staff'],
          summary: 'One contact message',
          params: StaffContactParamsSchema,
          response: { 200: apiSuccessSchema(StaffContactMessageSchema), ...staffErrors },
        },
      },
      async (request) => {
        requireRole(request, STAFF_ROLES);
        return ok(await getContactMessage(deps.db, { id: request.params.id }));
      },
    );

    staff.post(
      contactEndpoints.staffAnswer.path,
      {
        schema: {
          tags: ['staff'],
          summary: 'Answer an open message by mail in its language; it becomes answered (60 answers an hour per staff member)',
          params: StaffContactParamsSchema,
          body: StaffContactAnswerBodySchema,
          response: { 200: apiSuccessSchema(StaffContactMessageSchema), ...staffErrors, 409: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request) => {
        const user = requireRole(request, STAFF_ROLES);
        return ok(await answerContactMessage(deps, { id: request.params.id, staffId: user.id, answer: request.body.answer, now: now() }));
      },
    );

    staff.post(
      contactEndpoints.staffClose.path,
      {
        schema: {
          tags: ['staff'],
          summary: 'Close a message, answered or not',
          params: StaffContactParamsSchema,
          response: { 200: apiSuccessSchema(StaffContactMessageSchema), ...staffErrors },
        },
      },
      async (request) => {
        requireRole(request, STAFF_ROLES);
        return ok(await closeContactMessage(deps.db, { id: request.params.id, now: now() }));
      },
    );
  });
};
