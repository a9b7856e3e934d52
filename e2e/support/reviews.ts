import { callWithToken } from './api.ts';
import { seatedTableQr } from './menu.ts';

/** Paid accounts for the review journeys (issue 26): a guest on their phone, ready to rate. */

/** A call's JSON reply, or a thrown error naming the step and the server's answer. */
export async function ok(response: Promise<Response>, what: string): Promise<unknown> {
  const reply = await response;
  if (reply.status >= 300) throw new Error(`${what}: ${reply.status} ${await reply.text()}`);
  return reply.json();
}

/** A walk-in that joined from a phone, ate patatas bravas and paid by card: its guest `uid`. */
export async function paidGuestTable(
  url: string,
  tokens: { readonly sala: string; readonly tpv: string },
  name: string,
): Promise<{ uid: string; reservationId: number }> {
  const { sala, tpv } = tokens;
  const table = await seatedTableQr(url, sala, name);
  const invitation = new URL(table.qrUrl);
  const joined = (await ok(
    fetch(`${url}/world/api/user/createguestusermenu`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        reservationWid: table.wid,
        hostCode: invitation.searchParams.get('uid'),
        name: 'Marta',
      }),
    }),
    'join',
  )) as { uid: string };
  await ok(
    callWithToken(url, '/world/api/cartsession/createcartsessionorder', sala, {
      orderInfo: { reservationId: table.reservationId, source: 1 },
      products: [{ sku: 'ENT-02', options: [], orderQuantity: 1 }],
    }),
    'order',
  );
  await ok(
    callWithToken(url, '/world/api/reservation/paid-reservation', tpv, {
      reservationId: table.reservationId,
      paymentMethod: 'card',
    }),
    'paid',
  );
  return { uid: joined.uid, reservationId: table.reservationId };
}
