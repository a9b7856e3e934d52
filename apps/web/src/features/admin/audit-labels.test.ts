import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_FIELDS,
  auditActionKey,
  auditChanges,
  auditEntityKey,
  isAuditField,
} from './audit-labels.ts';

interface AuditWords {
  audit: {
    actions: Record<string, string>;
    entities: Record<string, string>;
    fields: Record<string, string>;
  };
}
const [admin] = Object.values(
  import.meta.glob<AuditWords>('../../i18n/locales/es/admin.json', { eager: true, import: 'default' }),
);
const [floor] = Object.values(
  import.meta.glob<{ states: Record<string, string>; lineStatus: Record<string, string> }>(
    '../../i18n/locales/es/floor.json',
    { eager: true, import: 'default' },
  ),
);

describe('the audit log’s words', () => {
  // Every language has the Spanish keys (i18n/locales.test.ts): Spanish having the words is enough here.
  it('has words for every action, kind of row and datum the server writes', () => {
    for (const action of AUDIT_ACTIONS)
      expect(admin?.audit.actions[auditActionKey(action)], action).toBeTruthy();
    for (const entity of AUDIT_ENTITIES)
      expect(admin?.audit.entities[auditEntityKey(entity)], entity).toBeTruthy();
    for (const field of AUDIT_FIELDS) expect(admin?.audit.fields[field], field).toBeTruthy();
  });

  it('names an action in words, and an unknown one as another change, never by its key', () => {
    expect(admin?.audit.actions[auditActionKey('reservation.no_show')]).toBe('Reserva marcada como ausente');
    expect(admin?.audit.actions[auditActionKey('staff.password.reset.done')]).toBe('Contraseña cambiada');
    expect(auditActionKey('something.new')).toBe('other');
    expect(admin?.audit.actions.other).toBe('Otro cambio');
    expect(auditEntityKey('till_shift')).toBe('till_shift');
    expect(auditEntityKey('mystery')).toBe('other');
    expect(isAuditField('status')).toBe(true);
    expect(isAuditField('blindCashCount')).toBe(false);
  });
});

describe('what an entry changed', () => {
  it('a no-show reads as the floor’s states, Sentados → Ausente, with nothing unchanged and no status code', () => {
    const changes = auditChanges({
      entity: 'reservation',
      before: {
        status: 1,
        state: 'seated',
        pax: 2,
        table: '4',
        menuAccessEnabled: true,
        finishedDateTime: null,
      },
      after: {
        status: -4,
        state: 'no_show',
        pax: 2,
        table: '4',
        menuAccessEnabled: true,
        finishedDateTime: null,
        roleId: 3,
      },
    });
    expect(changes).toEqual([
      {
        field: 'state',
        before: { kind: 'reservationState', state: 'seated' },
        after: { kind: 'reservationState', state: 'no_show' },
      },
    ]);
    expect(floor?.states.seated).toBe('Sentados');
    expect(floor?.states.no_show).toBe('Ausente');
  });

  it('a status code alone reads as a state for a reservation and as a line status for an order line', () => {
    expect(auditChanges({ entity: 'reservation', before: { status: 1 }, after: { status: -4 } })).toEqual([
      {
        field: 'status',
        before: { kind: 'reservationState', state: 'confirmed' },
        after: { kind: 'reservationState', state: 'no_show' },
      },
    ]);
    const loss = auditChanges({
      entity: 'product_order',
      before: { status: 2, name: 'Croquetas', paid: false },
      after: { status: -3, name: 'Croquetas', paid: false, roleId: 2 },
    });
    expect(loss).toEqual([
      {
        field: 'status',
        before: { kind: 'lineStatus', status: 'preparing' },
        after: { kind: 'lineStatus', status: 'loss' },
      },
    ]);
    expect(floor?.lineStatus.loss).toBe('Merma');
  });

  it('money, methods, yes or no, instants and settings are values and names, not numbers and keys', () => {
    expect(
      auditChanges({
        entity: 'payment',
        before: { amountCents: 2350, method: 'cash', online: false },
        after: { voidedAt: '2026-11-20T13:05:00.000Z', reason: 'Cobro repetido', online: true },
      }),
    ).toEqual([
      { field: 'amountCents', before: { kind: 'money', cents: 2350 }, after: { kind: 'none' } },
      { field: 'method', before: { kind: 'method', method: 'cash' }, after: { kind: 'none' } },
      { field: 'online', before: { kind: 'no' }, after: { kind: 'yes' } },
      {
        field: 'voidedAt',
        before: { kind: 'none' },
        after: { kind: 'instant', iso: '2026-11-20T13:05:00.000Z' },
      },
      { field: 'reason', before: { kind: 'none' }, after: { kind: 'text', text: 'Cobro repetido' } },
    ]);
    expect(
      auditChanges({
        entity: 'venue',
        before: { fiscalInfo: { taxId: 'B12345678', city: 'Vigo' } },
        after: { fiscalInfo: { taxId: 'B12345674', city: 'Vigo' } },
      }),
    ).toEqual([
      {
        field: 'fiscalInfo_taxId',
        before: { kind: 'text', text: 'B12345678' },
        after: { kind: 'text', text: 'B12345674' },
      },
    ]);
    expect(auditChanges({ entity: 'menu', before: null, after: 'Carta de verano' })).toEqual([
      { field: '', before: { kind: 'none' }, after: { kind: 'text', text: 'Carta de verano' } },
    ]);
  });
});
