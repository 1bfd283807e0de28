import type { z } from 'zod';

/**
 * Client-side checks of the account forms with the same zod schemas the server validates with
 * (core/contracts/account.ts). Their messages are message keys ('account.email.required');
 * the web app translates them from the `messages` namespace — core/messages, the one source
 * the server answers from too — so a reader sees the same sentence before and after a round trip.
 */

/** Message key per field of the first problem with it; {} when the values pass. */
export function fieldErrorKeys(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (field === '' || field in errors) continue;
    errors[field] = issue.message;
  }
  return errors;
}

/** The i18next key of a schema's message key in the `messages` namespace, with a generic fallback. */
export function validationMessageKeys(messageKey: string): string[] {
  return [`messages:${messageKey}`, 'messages:generic.invalid'];
}
