import type { AddGuestResponse, RemindNumberResponse, ReservationView } from '@sobremesa/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { envelope } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

export type EmailStatus = 'sending' | 'disabled' | 'no_email';

// Guest screens skip zod (bench/bundle-size.ts): the envelope checks what the screen branches on.
const future = envelope<{ reservations: ReservationView[] }>([], (r) => Array.isArray(r.reservations));
const passReply = envelope<{ emailStatus: EmailStatus }>([], (r) => typeof r.emailStatus === 'string');
const remindReply = envelope<RemindNumberResponse>([]);
const infoReply = envelope<{ reservation: ReservationView }>(['reservation']);
const addGuestReply = envelope<AddGuestResponse>(['guest', 'guests']);

/** An invitation's fragment (decision 040): `#invitacion=<wid>&code=<hostCode>`. */
export interface Invitation {
  readonly wid: string;
  readonly code: string;
}

/** POST /world/api/reservation/reservationinfo with the invitation code: what the invitee is invited to. */
export function invitationQuery(invitation: Invitation) {
  return queryOptions({
    queryKey: ['guest-account', 'invitation', invitation.wid, invitation.code],
    queryFn: async () =>
      (
        await api.request(infoReply, '/world/api/reservation/reservationinfo', {
          body: { reservationId: invitation.wid, uid: invitation.code },
        })
      ).reservation,
    retry: false,
  });
}

/** POST /world/reservation/userfuture {uid}: the guest's upcoming reservations, from their email link. */
export function futureReservationsQuery(uid: string) {
  return queryOptions({
    queryKey: ['guest-account', 'future', uid],
    queryFn: async () =>
      (await api.request(future, '/world/reservation/userfuture', { body: { uid } })).reservations,
    retry: false,
  });
}

export const guestAccountApi = {
  /** POST /world/api/user/sendpass {uid}: the confirmation with its QR again, when the venue sends email. */
  sendPass: async (uid: string) =>
    (await api.request(passReply, '/world/api/user/sendpass', { body: { uid } })).emailStatus,
  /** POST /world/user/remindnumber {email}: fresh links by email; 'disabled' when the venue sends none. */
  remind: async (email: string): Promise<'sending' | 'disabled'> =>
    (await api.request(remindReply, '/world/user/remindnumber', { body: { email } })).emailStatus ??
    'sending',
  /**
   * POST /world/api/reservation/addguest: `withLink` joins with a link of one's own (createGuest: true);
   * without, the name only goes on the guest list (createGuest: false).
   */
  addGuest: async (invitation: Invitation, name: string, withLink: boolean) =>
    api.request(addGuestReply, '/world/api/reservation/addguest', {
      body: {
        createGuest: withLink,
        reservationWid: invitation.wid,
        hostCode: invitation.code,
        invitedUserName: name,
      },
    }),
};

/** Adds the name, and the list the server answers with becomes the invitation's list on screen. */
export async function addInvitedGuest(
  client: QueryClient,
  invitation: Invitation,
  name: string,
  withLink: boolean,
) {
  const reply = await guestAccountApi.addGuest(invitation, name, withLink);
  client.setQueryData(invitationQuery(invitation).queryKey, (reservation) =>
    reservation ? { ...reservation, guests: reply.guests } : reservation,
  );
  return reply;
}
