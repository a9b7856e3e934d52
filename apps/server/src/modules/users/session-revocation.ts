import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';

/** NOTIFY channel announcing revoked sessions, so every instance closes their sockets (SEC-05). */
export const SESSION_REVOKED_CHANNEL = 'sobremesa_session_revoked';

/** Tells every instance, when the caller's transaction commits, that these sessions ended. */
export async function announceRevoked(tx: Executor, sessionIds: readonly number[]): Promise<void> {
  for (const sessionId of sessionIds) {
    await tx.execute(sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${String(sessionId)})`);
  }
}
