import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type MessageKey } from '../../i18n/messages';
import { requestLocale, translate } from '../../i18n/translate';
import { toValidationErrorBody } from '../../i18n/validation-errors';

/**
 * The contract's 400 for a request that failed its zod schema (docs/api/accounts.md):
 * `{code: 400, message, data: {error: 'VALIDATION', fields: [{field, message}]}}`, one message
 * per field in the request's language. The schemas in core/contracts name their own messages
 * (section 5's 'Please enter …' and each field's rule) by message key; issues without one get
 * the generic message of their kind. Used as the error handler of the points, profile,
 * collections and staff plugins; every other error goes on to the application's handler.
 */
export function answerContractValidation(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(request);
  const generic = toValidationErrorBody(error, locale);
  if (!generic || !hasZodFastifySchemaValidationErrors(error)) throw error;
  const seen = new Set<string>();
  const fields: { field: string; message: string }[] = [];
  generic.data.fields.forEach((field, index) => {
    if (seen.has(field.field)) return;
    seen.add(field.field);
    const own = error.validation[index]?.message;
    fields.push({ field: field.field, message: isMessageKey(own) ? translate(locale, own) : field.message });
  });
  return reply.status(400).send({ code: 400, message: generic.message, data: { error: 'VALIDATION', fields } });
}

function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(MESSAGES.tr, value);
}
