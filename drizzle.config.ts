import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; the server applies them at start (server/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  // the shared tables, and each feature's own beside its module (server/modules/<feature>/schema.ts)
  schema: ['./server/db/schema/*.ts', './server/modules/*/schema.ts'],
  out: './server/db/migrations',
});
