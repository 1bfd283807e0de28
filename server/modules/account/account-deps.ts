import type { Db } from '../../db/client';
import type { SessionsRevokedListener } from '../auth/public';
import type { Mailer } from '../mail/public';
import type { RateLimiter } from '../../lib/limits/rate-limiter';

/** What the account services work with; built once by the account routes plugin. */
export interface AccountDeps {
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  /** points granted once to every new account (WELCOME_POINTS); 0 grants none */
  welcomePoints: number;
  /** told after every committed session revocation (the live channel drops those sessions) */
  onSessionsRevoked?: SessionsRevokedListener;
}

/** Where a request came from, for sessions and per-address limits. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}
