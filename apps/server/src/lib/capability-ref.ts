import { createHash } from 'node:crypto';

/** A stable, non-secret name of a capability for keys and limits (the uid itself is never stored, SEC-09). */
export function capabilityRef(uid: string): string {
  return createHash('sha256').update(uid).digest('hex').slice(0, 32);
}
