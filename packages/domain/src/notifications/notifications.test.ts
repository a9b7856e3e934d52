import { describe, expect, it } from 'vitest';
import {
  alertPlan,
  cleanZones,
  isOverdue,
  maySpeak,
  notificationLabel,
  overlaysOf,
  passesZoneFilter,
  receivedTypes,
  roleReceives,
  shouldSound,
  spokenGapMs,
  upsellReminderKey,
} from './index.ts';

describe('routing per role', () => {
  it('gives a role the types in its notificationTypes only', () => {
    const barra = { view: 'Barra' as const, notificationTypes: ['order_ready_drinks', 'call_staff'] };
    expect(roleReceives(barra, 'order_ready_drinks')).toBe(true);
    expect(roleReceives(barra, 'ticket_request')).toBe(false);
    expect(roleReceives(barra, 'order_ready_food')).toBe(false);
  });

  it('never gives Cocina ticket requests, even when its list names them', () => {
    const cocina = { view: 'Cocina' as const, notificationTypes: ['ticket_request', 'kiosk_walk_in'] };
    expect(receivedTypes(cocina)).toEqual(['kiosk_walk_in']);
    expect(roleReceives({ view: 'Sala', notificationTypes: ['ticket_request'] }, 'ticket_request')).toBe(
      true,
    );
  });

  it('ignores names that are not notification types', () => {
    expect(receivedTypes({ view: 'Sala', notificationTypes: ['bogus', 'call_staff'] })).toEqual([
      'call_staff',
    ]);
  });

  it('puts each type in its overlays', () => {
    expect(overlaysOf('ticket_request')).toEqual(['pending', 'ready-payment']);
    expect(overlaysOf('upselling_drinks_reminder')).toContain('pending-drinks');
    expect(overlaysOf('call_staff')).toContain('call-staff');
    expect(overlaysOf('kiosk_walk_in')).toEqual(['pending']);
  });
});

describe('zone filter (spec §5)', () => {
  it('applies only when enabled and zones are selected', () => {
    expect(passesZoneFilter(['Terraza'], false, ['Salón'])).toBe(true);
    expect(passesZoneFilter(['Terraza'], true, [])).toBe(true);
  });

  it('needs one of the notification rooms among the selected zones', () => {
    expect(passesZoneFilter(['Terraza'], true, ['Salón', 'Terraza'])).toBe(true);
    expect(passesZoneFilter(['Terraza'], true, ['Salón'])).toBe(false);
    expect(passesZoneFilter([], true, ['Salón'])).toBe(false);
  });

  it('accepts only strings as zones', () => {
    expect(cleanZones(['Salón', 3, null, '', 'Salón', 'Terraza'])).toEqual(['Salón', 'Terraza']);
    expect(cleanZones('Salón')).toEqual([]);
  });
});

describe('labels', () => {
  it("labels a ticket request without a user name 'Comandero'", () => {
    expect(notificationLabel('ticket_request', null)).toBe('Comandero');
    expect(notificationLabel('ticket_request', '  ')).toBe('Comandero');
    expect(notificationLabel('ticket_request', 'Ana')).toBe('Ana');
    expect(notificationLabel('call_staff', null)).toBe('');
  });
});

describe('sound rule (spec §4)', () => {
  it('sounds for the first notification into an empty list', () => {
    expect(shouldSound([], [{ id: 1, played: false }])).toBe(true);
  });

  it('sounds when a new one arrives, not when one leaves', () => {
    expect(
      shouldSound(
        [1],
        [
          { id: 1, played: false },
          { id: 2, played: false },
        ],
      ),
    ).toBe(true);
    expect(shouldSound([1, 2], [{ id: 1, played: false }])).toBe(false);
    expect(shouldSound([1], [{ id: 1, played: false }])).toBe(false);
  });

  it('on a first load, rings only for alerts not yet played', () => {
    expect(shouldSound(null, [{ id: 1, played: true }])).toBe(false);
    expect(
      shouldSound(null, [
        { id: 1, played: true },
        { id: 2, played: false },
      ]),
    ).toBe(true);
    expect(shouldSound(null, [])).toBe(false);
  });
});

describe('spoken timing (spec §9)', () => {
  it('spaces speech by the notification mode in minutes, default 0', () => {
    expect(spokenGapMs(0)).toBe(0);
    expect(spokenGapMs(5)).toBe(300_000);
    expect(spokenGapMs(-2)).toBe(0);
    expect(spokenGapMs(Number.NaN)).toBe(0);
    expect(maySpeak(0, 1_000, 1_001)).toBe(true);
    expect(maySpeak(2, 0, 119_999)).toBe(false);
    expect(maySpeak(2, 0, 120_000)).toBe(true);
    expect(maySpeak(2, null, 0)).toBe(true);
  });

  it('plays the message 700 ms after the alert and speaks 600 ms after it', () => {
    expect(alertPlan({ hasMessageAudio: true, speak: true })).toEqual([
      { atMs: 0, kind: 'sound' },
      { atMs: 600, kind: 'speech' },
      { atMs: 700, kind: 'message' },
    ]);
    expect(alertPlan({ hasMessageAudio: false, speak: false })).toEqual([{ atMs: 0, kind: 'sound' }]);
  });
});

describe('escalation', () => {
  const request = { type: 'ticket_request', status: 0, createdAtMs: 0 };
  it('escalates a pending request past the configured time', () => {
    expect(isOverdue(request, 179_999, 180)).toBe(false);
    expect(isOverdue(request, 180_000, 180)).toBe(true);
  });

  it('never escalates an acknowledged one or a kitchen event', () => {
    expect(isOverdue({ ...request, status: 1 }, 999_999, 180)).toBe(false);
    expect(isOverdue({ ...request, type: 'order_ready_food' }, 999_999, 180)).toBe(false);
  });
});

describe('upsell reminder', () => {
  const minute = 60_000;
  const table = { reservationId: 9, seatedAtMs: 0 };
  it('reminds a table that never ordered a drink, once the time has passed', () => {
    expect(upsellReminderKey({ ...table, drinks: [] }, 19 * minute, 20)).toBeNull();
    expect(upsellReminderKey({ ...table, drinks: [] }, 20 * minute, 20)).toBe('upsell:9:none');
  });

  it('waits while a drink is on its way and counts from the last one served', () => {
    const pending = [{ id: 3, status: 2, servedAtMs: null, createdAtMs: 0 }];
    expect(upsellReminderKey({ ...table, drinks: pending }, 60 * minute, 20)).toBeNull();
    const served = [
      { id: 3, status: 100, servedAtMs: 10 * minute, createdAtMs: 0 },
      { id: 4, status: 100, servedAtMs: 15 * minute, createdAtMs: minute },
    ];
    expect(upsellReminderKey({ ...table, drinks: served }, 34 * minute, 20)).toBeNull();
    expect(upsellReminderKey({ ...table, drinks: served }, 35 * minute, 20)).toBe('upsell:9:4');
  });

  it('ignores cancelled lines', () => {
    const cancelled = [{ id: 5, status: -1, servedAtMs: null, createdAtMs: 0 }];
    expect(upsellReminderKey({ ...table, drinks: cancelled }, 20 * minute, 20)).toBe('upsell:9:none');
  });
});
