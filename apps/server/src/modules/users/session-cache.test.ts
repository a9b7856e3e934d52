import type { CopilotRole } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { fakeListeningHandle } from '../../test/fake-listening-handle.ts';
import { SessionCache, type CachedSession } from './session-cache.ts';

const session = (sessionId: number, userId = 1): CachedSession => ({
  sessionId,
  userId,
  venueId: 7,
  isAdmin: false,
  copilotEnabled: true,
  lastUsedAt: new Date('2026-11-26T10:00:00Z'),
  expiresAt: new Date('2026-12-03T10:00:00Z'),
  absoluteExpiresAt: new Date('2026-12-26T10:00:00Z'),
});

const role = (id: number): CopilotRole => ({
  id,
  name: `Rol ${id}`,
  active: 1,
  copilotView: { name: 'Sala' },
  elaborationStations: [],
  notificationTypes: [],
  requirementProductCopilotRoles: [],
});

describe('SessionCache', () => {
  it('keeps nothing until it hears revocations', async () => {
    const cache = new SessionCache();
    cache.set('hash-a', session(1));
    expect(cache.get(7, 'hash-a')).toBeUndefined();
    const { handle } = fakeListeningHandle();
    await cache.listen(handle, 'revoked');
    cache.set('hash-a', session(1));
    expect(cache.get(7, 'hash-a')?.sessionId).toBe(1);
    expect(cache.get(8, 'hash-a')).toBeUndefined();
  });

  it('forgets a session revoked on any instance, and everything when the link comes back', async () => {
    const cache = new SessionCache();
    const { handle, notify } = fakeListeningHandle();
    await cache.listen(handle, 'revoked');
    cache.set('hash-a', session(1));
    cache.set('hash-b', session(2));
    notify('1');
    expect(cache.get(7, 'hash-a')).toBeUndefined();
    expect(cache.get(7, 'hash-b')?.sessionId).toBe(2);
    notify('');
    expect(cache.get(7, 'hash-b')).toBeUndefined();
  });

  it('forgets every session of a member whose access changed', async () => {
    const cache = new SessionCache();
    await cache.listen(fakeListeningHandle().handle, 'revoked');
    cache.set('hash-a', session(1, 5));
    cache.set('hash-b', session(2, 5));
    cache.set('hash-c', session(3, 6));
    cache.forgetUser(7, 5);
    expect(cache.get(7, 'hash-a')).toBeUndefined();
    expect(cache.get(7, 'hash-b')).toBeUndefined();
    expect(cache.get(7, 'hash-c')?.sessionId).toBe(3);
  });

  it('asks the database again once an entry is older than its time to live', async () => {
    let ms = 0;
    const cache = new SessionCache(5_000, () => ms);
    await cache.listen(fakeListeningHandle().handle, 'revoked');
    cache.set('hash-a', session(1));
    ms = 5_000;
    expect(cache.get(7, 'hash-a')?.sessionId).toBe(1);
    ms = 5_001;
    expect(cache.get(7, 'hash-a')).toBeUndefined();
  });

  it("keeps a member's roles until an admin changes them, the link comes back or they grow old", async () => {
    let ms = 0;
    const cache = new SessionCache(5_000, () => ms);
    cache.keepRoles(7, 5, [role(1)]);
    expect(cache.rolesOf(7, 5)).toBeUndefined();
    const { handle, notify } = fakeListeningHandle();
    await cache.listen(handle, 'revoked');
    cache.keepRoles(7, 5, [role(1)]);
    cache.keepRoles(7, 6, [role(2)]);
    expect(cache.rolesOf(7, 5)?.map((kept) => kept.id)).toEqual([1]);
    expect(cache.rolesOf(8, 5)).toBeUndefined();
    cache.forgetUser(7, 5);
    expect(cache.rolesOf(7, 5)).toBeUndefined();
    expect(cache.rolesOf(7, 6)?.map((kept) => kept.id)).toEqual([2]);
    notify('');
    expect(cache.rolesOf(7, 6)).toBeUndefined();
    cache.keepRoles(7, 6, [role(2)]);
    ms = 5_001;
    expect(cache.rolesOf(7, 6)).toBeUndefined();
  });
});
