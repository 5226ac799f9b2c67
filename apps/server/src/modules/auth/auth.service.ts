import type { Database } from '../../db/client.ts';
import { createCodeSender } from './code-sending.ts';
import { createCodeVerifier } from './code-verification.ts';
import { createCustomerSessions } from './customer-sessions.ts';

export interface AuthDeps {
  db: Database;
  secretKey: Buffer;
  now: () => Date;
  /** false in production without Twilio: no text can be sent (decision 0020). */
  textsAvailable: boolean;
  /** Called after a message was committed to the outbox. */
  onMessageQueued: () => void;
}

/**
 * Signing in with a code (docs/decisions/0009-sign-in-with-a-code.md), in three parts:
 * sending codes within their limits (code-sending.ts, sending-limits.ts), checking them with
 * the lockouts (code-verification.ts), and the sessions a right code opens
 * (customer-sessions.ts). The rules both sides share are in sign-in-checks.ts.
 */
export function createAuthService(deps: AuthDeps) {
  return {
    sendCode: createCodeSender(deps),
    verifyCode: createCodeVerifier(deps),
    ...createCustomerSessions(deps),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
