import { describe, expect, it } from 'vitest';
import { stationTicketLines, type StationTicketInput } from './station-ticket.ts';

const dish = (name: string, extra: Partial<StationTicketInput['dishes'][number]> = {}) => ({
  name,
  units: 1,
  choices: [],
  comments: null,
  staffComments: null,
  clashes: [],
  menuName: null,
  ...extra,
});

const base: StationTicketInput = {
  locale: 'es',
  station: 'Cocina',
  table: '4',
  guestName: 'Marta',
  covers: 3,
  time: '21:05',
  server: 'Lucía',
  course: null,
  allergens: [],
  notes: [],
  bookingComment: null,
  orderMessage: null,
  dishes: [],
  takeaway: null,
};

const texts = (input: StationTicketInput) =>
  stationTicketLines(input).map((line) => ('text' in line ? line.text : '---'));

describe('a station ticket', () => {
  it('says table, covers, time and server, then the allergies above the dishes', () => {
    const lines = texts({
      ...base,
      allergens: ['Gluten', 'Lácteos'],
      notes: ['Celíaca'],
      dishes: [dish('Croquetas', { clashes: ['Gluten'] })],
    });
    expect(lines.slice(0, 5)).toEqual([
      'COCINA',
      'Mesa 4',
      '3 comensales · 21:05',
      'Camarero: Lucía',
      'Marta',
    ]);
    const allergies = lines.indexOf('!! ALERGIAS: Gluten, Lácteos !!');
    expect(allergies).toBeGreaterThan(0);
    expect(lines).toContain('Nota: Celíaca');
    expect(lines.indexOf('1x Croquetas')).toBeGreaterThan(allergies);
    expect(lines[lines.indexOf('1x Croquetas') + 1]).toBe('   !! ALÉRGENO DE LA MESA: Gluten');
  });

  it("prints the booking's comment under its own label, never in the allergy block", () => {
    const lines = texts({ ...base, bookingComment: '  Celebramos un cumpleaños ', dishes: [dish('Tarta')] });
    expect(lines).toContain('Reserva: Celebramos un cumpleaños');
    expect(lines.some((line) => line.includes('ALERGIAS'))).toBe(false);
    expect(lines.indexOf('Reserva: Celebramos un cumpleaños')).toBeLessThan(lines.indexOf('1x Tarta'));
  });

  it('merges identical dishes and keeps different options apart, each option under its dish', () => {
    const lines = texts({
      ...base,
      dishes: [
        dish('Patatas bravas'),
        dish('Solomillo', { choices: ['Al punto', 'Patatas'] }),
        dish('Patatas bravas', { units: 4 }),
        dish('Solomillo', { choices: ['Poco hecho', 'Patatas'] }),
        dish('Gin tonic', { choices: ["Hendrick's"], comments: 'sin hielo' }),
      ],
    });
    expect(lines.filter((line) => line.includes('Patatas bravas'))).toEqual(['5x Patatas bravas']);
    expect(lines.slice(lines.indexOf('1x Gin tonic'))).toEqual([
      '1x Gin tonic',
      "   - Hendrick's",
      '   "sin hielo"',
    ]);
    const first = lines.indexOf('1x Solomillo');
    expect(lines.slice(first, first + 3)).toEqual(['1x Solomillo', '   - Al punto', '   - Patatas']);
    expect(lines.lastIndexOf('1x Solomillo')).toBeGreaterThan(first);
  });

  it("has no allergy block when the table declared nothing, and names a guest's phone order", () => {
    const lines = texts({ ...base, server: null, locale: 'en', covers: 1, dishes: [dish('Soup')] });
    expect(lines.some((line) => line.includes('ALLERG'))).toBe(false);
    expect(lines).toContain('Ordered on the phone');
    expect(lines).toContain('1 cover · 21:05');
  });

  it('cuts a note longer than the helper takes instead of losing the ticket', () => {
    const lines = stationTicketLines({ ...base, notes: ['x'.repeat(900)] });
    for (const line of lines) if ('text' in line) expect(line.text.length).toBeLessThanOrEqual(480);
  });

  it('marks a takeaway or delivery order above everything, with its number and time', () => {
    const pickup = texts({
      ...base,
      table: null,
      server: null,
      takeaway: { mode: 'pickup', number: 12, pickupTime: '20:30' },
      dishes: [dish('Croquetas')],
    });
    expect(pickup.slice(0, 6)).toEqual([
      'COCINA',
      '---',
      '*** PARA LLEVAR ***',
      'Pedido 12 · Recoge a las 20:30',
      '---',
      'Mesa Marta',
    ]);
    const delivery = texts({
      ...base,
      locale: 'en',
      takeaway: { mode: 'delivery', number: 3, pickupTime: '21:00' },
    });
    expect(delivery).toContain('*** DELIVERY ***');
    expect(delivery).toContain('Order 3 · Delivery at 21:00');
    expect(texts(base)).not.toContain('*** PARA LLEVAR ***');
  });
});
