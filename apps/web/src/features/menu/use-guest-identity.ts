import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { storage } from '../../lib/storage.ts';
import { joinTable } from './api/table-api.ts';
import { identityKey, identityQuery, type Identity } from './guest-identity.ts';

/** The identity for the page's `uid` and `wid`, and how a guest at a table QR joins. */
export function useGuestIdentity(uid: string | null, wid: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery(identityQuery(uid, wid));
  const guestUid = query.data?.kind === 'guest' ? query.data.uid : null;
  // The guest's link is kept on this device, so the menu knows them without it next time. The query keeps it
  // when it asks; a page the server drew arrives with the answer (decision 072), so it is kept here as well.
  useEffect(() => {
    if (guestUid !== null && storage.token.get() !== guestUid) storage.token.set(guestUid);
  }, [guestUid]);

  /** Joins the table's account; resolves with the guest's own `uid` (kept, and put in the address). */
  const join = useCallback(
    async (input: { hostCode: string; wid: string; name: string; locale: string }) => {
      const joined = await joinTable({
        reservationWid: input.wid,
        hostCode: input.hostCode,
        name: input.name,
        locale: input.locale,
      });
      storage.token.set(joined.uid);
      const identity: Identity = { kind: 'guest', uid: joined.uid, wid: input.wid, user: joined.user };
      queryClient.setQueryData(identityKey(joined.uid, null), identity);
      return joined.uid;
    },
    [queryClient],
  );

  return { ...query, join };
}
