import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { ApiLocale, MessageKey } from './messages';
import { translate } from './translate';

export interface ValidationErrorBody {
  code: 400;
  message: string;
  data: { fields: { field: string; message: string }[] };
}

/**
 * The 400 body for a request that failed its zod schema, in the reader's language, with one
 * message per field. Returns null for any other error, so an error handler can pass it on.
 */
export function toValidationErrorBody(error: unknown, locale: ApiLocale): ValidationErrorBody | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const context = (error as { validationContext?: string }).validationContext;
  const fields = error.validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (context ?? 'request'),
    message: describeIssue(issue, locale),
  }));
  return { code: 400, message: translate(locale, 'api.validation.failed'), data: { fields } };
}

function describeIssue(issue: ZodFastifySchemaValidationError, locale: ApiLocale): string {
  const params = issue.params as Record<string, unknown>;
  const isText = params.origin === 'string';
  let key: MessageKey = 'api.validation.invalid';
  let values: Record<string, string | number> = {};
  switch (issue.keyword) {
    case 'invalid_type':
      key =
        params.expected === 'int'
          ? 'api.validation.notAnInteger'
          : params.expected === 'string'
            ? 'api.validation.notAString'
            : params.expected === 'number'
              ? 'api.validation.notANumber'
              : 'api.validation.invalid';
      break;
    case 'too_small':
      key = isText ? 'api.validation.tooShort' : 'api.validation.tooSmall';
      values = { min: String(params.minimum) };
      break;
    case 'too_big':
      key = isText ? 'api.validation.tooLong' : 'api.validation.tooBig';
      values = { max: String(params.maximum) };
      break;
    case 'invalid_value':
    case 'invalid_union':
      key = 'api.validation.notAllowed';
      break;
  }
  return translate(locale, key, values);
}
