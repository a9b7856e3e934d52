import type { Notification } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { messageAudioOf, spokenText } from './speech.ts';

const base: Notification = {
  id: 1,
  type: 'ticket_request',
  subtype: 0,
  status: 0,
  target: null,
  paymentMethod: 'card',
  data: {},
  label: 'Comandero',
  rooms: [{ id: 1, name: 'Sala' }],
  reservations: [{ id: 7, wid: 'w', name: 'Ruiz', pax: 2, tables: ['4'] }],
  createdDateTime: '2026-11-20T12:00:00.000Z',
  acknowledgedDateTime: null,
  acknowledgedBy: null,
  played: false,
  escalatedDateTime: null,
};

describe('what an alert says (es-ES)', () => {
  it('names the table and what it wants', () => {
    expect(spokenText(base)).toBe('La mesa 4 pide la cuenta');
    expect(spokenText({ ...base, type: 'call_staff', subtype: 1 })).toBe('La mesa 4 ha dejado un comentario');
    expect(spokenText({ ...base, type: 'order_ready_food' })).toBe('Comida lista para la mesa 4');
  });

  it('names the dishes that are ready and the allergens a table declared (issue 18)', () => {
    const items = [
      { productOrderId: 1, name: 'Solomillo', units: 1 },
      { productOrderId: 2, name: 'Patatas bravas', units: 2 },
    ];
    expect(spokenText({ ...base, type: 'order_ready_food', data: { items } })).toBe(
      'Comida lista para la mesa 4: Solomillo, 2x Patatas bravas',
    );
    expect(
      spokenText({ ...base, type: 'call_staff', subtype: 2, data: { allergenNames: ['Gluten', 'Huevos'] } }),
    ).toBe('La mesa 4 ha indicado sus alérgenos: Gluten, Huevos');
  });

  it('falls back to the account name without a table, and says when it is waiting again', () => {
    const noTable = { ...base, reservations: [{ ...base.reservations[0]!, tables: [] }] };
    expect(spokenText(noTable)).toBe('La cuenta de Ruiz pide la cuenta');
    expect(spokenText(base, true)).toBe('Sigue esperando. La mesa 4 pide la cuenta');
  });

  it('says who arrived at the kiosk and when they still need a table (issue 26)', () => {
    expect(spokenText({ ...base, type: 'kiosk_qr_scan', data: { needsTable: false } })).toBe(
      'Ha llegado la reserva de Ruiz',
    );
    expect(spokenText({ ...base, type: 'kiosk_qr_scan', data: { needsTable: true } })).toBe(
      'Ha llegado la reserva de Ruiz. Necesita mesa',
    );
    expect(
      spokenText({
        ...base,
        type: 'kiosk_walk_in',
        reservations: [],
        data: { name: 'Marta', pax: 4, needsTable: true },
      }),
    ).toBe('Ha llegado un cliente sin reserva: Marta, 4 personas. Necesita mesa');
  });

  it('follows the alert with the kitchen or arrival sound where the spec has one', () => {
    expect(messageAudioOf('order_ready_drinks')).toBe('/audio/kitchen-order-ready.wav');
    expect(messageAudioOf('kiosk_walk_in')).toBe('/audio/account-seated.wav');
    expect(messageAudioOf('ticket_request')).toBeUndefined();
  });
});
