/**
 * Addresses of the API that the browser follows by itself instead of calling: a download the
 * browser saves, a sign-in that leaves for the provider. Named once like the endpoints
 * (core/contracts/endpoints.ts) — the server registers these routes from the same paths — but
 * plain data without zod, so a page that only shows such a link does not load the schema library
 * (docs/decisions/084, as core/contracts/avatars.ts does for the header's avatar).
 */
export const apiLinks = {
  /** GET: a tipster's settled record as a file; `?format=csv|json` (ExportQuerySchema) */
  tipsterExport: '/api/forecast/tipsters/:userId/export',
  /** GET: starts a provider's sign-in and redirects there; `?redirect=` is where the reader lands afterwards */
  oauthStart: '/api/oauth/:provider/start',
} as const satisfies Record<string, `/api/${string}`>;

export type ApiLink = (typeof apiLinks)[keyof typeof apiLinks];
