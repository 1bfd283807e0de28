import { z } from 'zod';
import { defineEndpoint } from './endpoints';
import { defineNotificationKind } from './notifications';
import { singleLineText } from './text';

/** The worked example of docs/architecture.md: a fan says hello, and the site tells them it was heard. */

export const HelloBodySchema = z.object({ message: singleLineText().trim().min(1).max(140) });

export const HelloSchema = z.object({ id: z.number().int(), nickname: z.string(), message: z.string(), created_at: z.string() });
export type Hello = z.infer<typeof HelloSchema>;

export const helloEndpoints = {
  say: defineEndpoint({ method: 'POST', path: '/api/hello', body: HelloBodySchema, data: HelloSchema }),
};

/** The author's notification once the hello was heard (the `hello.said` event's subscriber). */
export const helloHeardNotification = defineNotificationKind({
  kind: 'hello.heard',
  group: 'system',
  data: z.object({ message: z.string().max(140) }),
});

/** What the hello page reads on the server. */
export interface HelloReads {
  latest(): Promise<Hello[]>;
}

declare module './services' {
  interface ServerLoadContext {
    hello?: HelloReads;
  }
}
