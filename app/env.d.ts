import type { ServerLoadContext } from '../core/contracts/services';

// The server hands every loader the services and public configuration of ServerLoadContext.
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ServerLoadContext {}
}

export {};
