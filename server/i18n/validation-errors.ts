import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { isMessageKey, type MessageKey } from '../../core/messages/messages';
import { AppError, type FieldError } from '../errors';

/**
 * The one VALIDATION error (400) of a request that failed its zod schema: one message per
 * field (the first issue of each), translated by the error handler. The schemas in
 * core/contracts name their own messages by key (section 5's 'Please enter …' and each
 * field's rule); issues without one get the generic message of their kind. Returns null for
 * any other error.
 */
export function toValidationError(error: unknown): AppError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const context = (error as { validationContext?: string }).validationContext;
  const seen = new Set<string>();
  const fields: FieldError[] = [];
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (context ?? 'request');
    if (seen.has(field)) continue;
    seen.add(field);
    fields.push({ field, ...describeIssue(issue) });
  }
  return new AppError('VALIDATION', { fields });
}

function describeIssue(issue: ZodFastifySchemaValidationError): { message: MessageKey; params?: Record<string, string> } {
  if (isMessageKey(issue.message)) return { message: issue.message };
  const params = issue.params as Record<string, unknown>;
  const isText = params.origin === 'string';
  switch (issue.keyword) {
    case 'invalid_type':
      return {
        message:
          params.expected === 'int'
            ? 'api.validation.notAnInteger'
            : params.expected === 'string'
              ? 'api.validation.notAString'
              : params.expected === 'number'
                ? 'api.validation.notANumber'
                : 'api.validation.invalid',
      };
    case 'too_small':
      return { message: isText ? 'api.validation.tooShort' : 'api.validation.tooSmall', params: { min: String(params.minimum) } };
    case 'too_big':
      return { message: isText ? 'api.validation.tooLong' : 'api.validation.tooBig', params: { max: String(params.maximum) } };
    case 'invalid_value':
    case 'invalid_union':
      return { message: 'api.validation.notAllowed' };
    default:
      return { message: 'api.validation.invalid' };
  }
}
