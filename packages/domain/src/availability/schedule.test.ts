import { describe, expect, it } from 'vitest';
import { DEFAULT_STAY_RULES, minimumStayMinutesFor, stayMinutesFor } from './durations.ts';
import { serviceDayRange, serviceSlotsFor, type ServiceScheduleEntry } from './schedule.ts';

const MADRID = 'Europe/Madrid';

const lunch: ServiceScheduleEntry = {
  name: 'Comida',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  start: '13:00',
  end: '16:30',
  lastSeating: '15:00',
  slotIntervalMinutes: 30,
};
const dinner: ServiceScheduleEntry = {
  name: 'Cena',
  weekdays: [5, 6], // Friday and Saturday service days
  start: '20:00',
  end: '01:30',
  lastSeating: '00:30',
  slotIntervalMinutes: 30,
};

const times = (slots: readonly { timeSlot: string }[]): string[] => slots.map((slot) => slot.timeSlot);
const instants = (slots: readonly { startsAt: Date }[]): string[] =>
  slots.map((slot) => slot.startsAt.toISOString());

describe('serviceSlotsFor', () => {
  it('steps from the first seating to the last seating by the slot interval', () => {
    const slots = serviceSlotsFor('2026-11-18', [lunch], MADRID); // a Wednesday
    expect(times(slots)).toEqual(['13:00', '13:30', '14:00', '14:30', '15:00']);
    expect(slots[0]).toMatchObject({ serviceName: 'Comida', serviceMinute: 420, slotIntervalMinutes: 30 });
    expect(slots[0]?.maxCoversPerSlot).toBeNull();
  });

  it('keeps an after-midnight dinner on the service day it starts (06:00 rule), in time order', () => {
    const slots = serviceSlotsFor('2026-11-20', [dinner, lunch], MADRID); // Friday
    expect(times(slots)).toEqual([
      '13:00', '13:30', '14:00', '14:30', '15:00',
      '20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00', '23:30', '00:00', '00:30',
    ]); // prettier-ignore
    // 00:00 and 00:30 are Saturday's early morning (CET = UTC+1).
    expect(instants(slots).slice(-2)).toEqual(['2026-11-20T23:00:00.000Z', '2026-11-20T23:30:00.000Z']);
    expect(slots.at(-1)?.serviceName).toBe('Cena');
  });

  it('chooses services by the weekday of the service day, not of the calendar day after midnight', () => {
    // Thursday: no dinner (so no 00:30 either, although that instant is on Friday).
    expect(times(serviceSlotsFor('2026-11-19', [dinner], MADRID))).toEqual([]);
    // Saturday dinner runs into Sunday morning and still belongs to Saturday.
    expect(times(serviceSlotsFor('2026-11-21', [dinner], MADRID)).slice(-2)).toEqual(['00:00', '00:30']);
    expect(instants(serviceSlotsFor('2026-11-21', [dinner], MADRID)).at(-1)).toBe('2026-11-21T23:30:00.000Z');
    // Sunday: the service of Saturday night is not repeated.
    expect(serviceSlotsFor('2026-11-22', [dinner], MADRID)).toEqual([]);
  });

  it('never seats past closing time nor past the next 06:00', () => {
    const late: ServiceScheduleEntry = { ...dinner, end: '23:00', lastSeating: '23:30' };
    expect(times(serviceSlotsFor('2026-11-20', [late], MADRID)).at(-1)).toBe('23:00');
    const allNight: ServiceScheduleEntry = {
      name: 'Noche',
      weekdays: [5],
      start: '04:00',
      end: '08:00',
      lastSeating: '05:45',
      slotIntervalMinutes: 45,
    };
    // 04:00 is the early morning after Friday (service minute 1320): 04:00, 04:45, 05:30.
    expect(times(serviceSlotsFor('2026-11-20', [allNight], MADRID))).toEqual(['04:00', '04:45', '05:30']);
    const noSeating: ServiceScheduleEntry = { ...lunch, lastSeating: '12:00' };
    expect(serviceSlotsFor('2026-11-20', [noSeating], MADRID)).toEqual([]);
  });

  it('offers a time two services share only once, from the first service listed', () => {
    const afternoon: ServiceScheduleEntry = { ...lunch, name: 'Tarde', start: '15:00', lastSeating: '16:00' };
    const slots = serviceSlotsFor('2026-11-20', [lunch, afternoon], MADRID);
    expect(times(slots)).toEqual(['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00']);
    expect(slots.map((slot) => slot.serviceName)).toEqual([
      'Comida',
      'Comida',
      'Comida',
      'Comida',
      'Comida',
      'Tarde',
      'Tarde',
    ]);
  });

  it('carries the service’s pacing limit', () => {
    const paced = serviceSlotsFor('2026-11-20', [{ ...lunch, maxCoversPerSlot: 20 }], MADRID);
    expect(paced.every((slot) => slot.maxCoversPerSlot === 20)).toBe(true);
  });

  it('refuses a slot interval that would never end', () => {
    expect(() => serviceSlotsFor('2026-11-20', [{ ...lunch, slotIntervalMinutes: 0 }], MADRID)).toThrow(
      RangeError,
    );
    expect(() => serviceSlotsFor('2026-11-20', [{ ...lunch, start: '1300' }], MADRID)).toThrow(RangeError);
  });

  describe('DST nights (Europe/Madrid)', () => {
    const nightOwl: ServiceScheduleEntry = {
      name: 'Copas',
      weekdays: [6],
      start: '23:00',
      end: '04:00',
      lastSeating: '03:30',
      slotIntervalMinutes: 30,
    };

    it('skips the wall times that do not exist on 29 March 2026 (02:00 → 03:00)', () => {
      const slots = serviceSlotsFor('2026-03-28', [nightOwl], MADRID);
      expect(times(slots)).toEqual(['23:00', '23:30', '00:00', '00:30', '01:00', '01:30', '03:00', '03:30']);
      expect(instants(slots)).toEqual([
        '2026-03-28T22:00:00.000Z',
        '2026-03-28T22:30:00.000Z',
        '2026-03-28T23:00:00.000Z',
        '2026-03-28T23:30:00.000Z',
        '2026-03-29T00:00:00.000Z',
        '2026-03-29T00:30:00.000Z',
        '2026-03-29T01:00:00.000Z', // 03:00 CEST: only 30 real minutes after 01:30 CET
        '2026-03-29T01:30:00.000Z',
      ]);
    });

    it('produces the repeated hour of 25 October 2026 (03:00 → 02:00) once, at its first occurrence', () => {
      const slots = serviceSlotsFor('2026-10-24', [nightOwl], MADRID);
      expect(times(slots)).toEqual([
        '23:00',
        '23:30',
        '00:00',
        '00:30',
        '01:00',
        '01:30',
        '02:00',
        '02:30',
        '03:00',
        '03:30',
      ]);
      expect(instants(slots).slice(5)).toEqual([
        '2026-10-24T23:30:00.000Z', // 01:30 CEST
        '2026-10-25T00:00:00.000Z', // 02:00 CEST (first 02:00)
        '2026-10-25T00:30:00.000Z', // 02:30 CEST (first 02:30)
        '2026-10-25T02:00:00.000Z', // 03:00 CET: 90 real minutes after 02:30 CEST
        '2026-10-25T02:30:00.000Z',
      ]);
    });

    it('gives the service day its real length: 23 h in spring, 25 h in autumn', () => {
      const spring = serviceDayRange('2026-03-28', MADRID);
      expect([spring.from.toISOString(), spring.to.toISOString()]).toEqual([
        '2026-03-28T05:00:00.000Z',
        '2026-03-29T04:00:00.000Z',
      ]);
      const autumn = serviceDayRange('2026-10-24', MADRID);
      expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
    });
  });
});

describe('stay durations', () => {
  it.each([
    [1, 90],
    [2, 90],
    [3, 105],
    [4, 105],
    [5, 120],
    [6, 120],
    [7, 150],
    [20, 150],
  ])('a party of %i stays %i minutes by default', (pax, minutes) => {
    expect(stayMinutesFor(pax, DEFAULT_STAY_RULES)).toBe(minutes);
  });

  it('reads configured rules as steps, in any order', () => {
    const rules = [
      { fromPax: 5, minutes: 150 },
      { fromPax: 1, minutes: 60 },
    ];
    expect(stayMinutesFor(4, rules)).toBe(60);
    expect(stayMinutesFor(5, rules)).toBe(150);
    expect(() => stayMinutesFor(1, [{ fromPax: 2, minutes: 60 }])).toThrow(RangeError);
  });

  it('accepts a shortened stay down to 60 minutes or 75 % of the planned one, whichever is longer', () => {
    expect(minimumStayMinutesFor(90)).toBe(68);
    expect(minimumStayMinutesFor(105)).toBe(79);
    expect(minimumStayMinutesFor(120)).toBe(90);
    expect(minimumStayMinutesFor(150)).toBe(113);
    expect(minimumStayMinutesFor(60)).toBe(60);
    expect(minimumStayMinutesFor(45)).toBe(45); // never above the planned stay
    expect(minimumStayMinutesFor(90, 30, 0.5)).toBe(45);
  });
});
