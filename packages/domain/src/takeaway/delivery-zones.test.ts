import { describe, expect, it } from 'vitest';
import {
  deliveryZoneFor,
  distanceMeters,
  zoneForLocation,
  zoneForPostalCode,
  type DeliveryZone,
} from './delivery-zones.ts';

const zone = (id: number, extra: Partial<DeliveryZone>): DeliveryZone => ({
  id,
  name: `Zona ${id}`,
  postalCodes: [],
  radiusMeters: null,
  feeCents: 0,
  minimumCents: 0,
  ...extra,
});

// Puerta del Sol, Madrid, and places around it.
const sol = { latitude: 40.416775, longitude: -3.70379 };
const retiro = { latitude: 40.41526, longitude: -3.68442 };
const barcelona = { latitude: 41.385064, longitude: 2.173404 };

describe('distanceMeters', () => {
  it('measures great-circle distances', () => {
    expect(distanceMeters(sol, sol)).toBe(0);
    // Sol to the Retiro is about 1.65 km; Madrid to Barcelona about 505 km as the crow flies.
    expect(distanceMeters(sol, retiro)).toBeGreaterThan(1_600);
    expect(distanceMeters(sol, retiro)).toBeLessThan(1_700);
    expect(distanceMeters(sol, barcelona) / 1000).toBeCloseTo(505, -1);
    expect(distanceMeters(sol, retiro)).toBeCloseTo(distanceMeters(retiro, sol), 6);
  });
});

describe('zoneForPostalCode', () => {
  const zones = [
    zone(1, { name: 'Centro', postalCodes: ['28013', '28014'], feeCents: 250 }),
    zone(2, { name: 'Ensanche', postalCodes: ['28014', '28010'], feeCents: 400 }),
  ];
  it('finds the first zone covering the code, whatever the spacing', () => {
    expect(zoneForPostalCode(zones, ' 28 014 ')?.name).toBe('Centro');
    expect(zoneForPostalCode(zones, '28010')?.feeCents).toBe(400);
  });
  it('answers null outside every zone and for an empty code', () => {
    expect(zoneForPostalCode(zones, '08001')).toBeNull();
    expect(zoneForPostalCode(zones, '  ')).toBeNull();
  });
});

describe('zoneForLocation', () => {
  const rings = [
    zone(1, { name: 'Lejos', radiusMeters: 5_000, feeCents: 500 }),
    zone(2, { name: 'Cerca', radiusMeters: 2_000, feeCents: 200 }),
    zone(3, { name: 'Códigos', postalCodes: ['28013'] }),
  ];
  it('gives the smallest ring that reaches the point', () => {
    expect(zoneForLocation(rings, sol, retiro)?.name).toBe('Cerca');
    expect(zoneForLocation(rings, sol, sol)?.name).toBe('Cerca');
    const farther = { latitude: 40.45, longitude: -3.69 };
    expect(zoneForLocation(rings, sol, farther)?.name).toBe('Lejos');
  });
  it('answers null beyond every ring, and for a position that is not one', () => {
    expect(zoneForLocation(rings, sol, barcelona)).toBeNull();
    expect(zoneForLocation(rings, sol, { latitude: 91, longitude: 0 })).toBeNull();
    expect(zoneForLocation(rings, sol, { latitude: Number.NaN, longitude: 0 })).toBeNull();
  });
  it('reaches a point exactly on the ring', () => {
    const edge = distanceMeters(sol, retiro);
    expect(zoneForLocation([zone(1, { radiusMeters: Math.ceil(edge) })], sol, retiro)).not.toBeNull();
    expect(zoneForLocation([zone(1, { radiusMeters: Math.floor(edge) })], sol, retiro)).toBeNull();
  });
});

describe('deliveryZoneFor', () => {
  const zones = [
    zone(1, { name: 'Centro', postalCodes: ['28013'], feeCents: 250 }),
    zone(2, { name: 'Radio', radiusMeters: 3_000, feeCents: 400 }),
  ];
  it('takes the postal code first, without needing the location', () => {
    expect(deliveryZoneFor(zones, { postalCode: '28013', location: null, origin: sol })?.name).toBe('Centro');
    expect(deliveryZoneFor(zones, { postalCode: '28013', location: barcelona, origin: sol })?.name).toBe(
      'Centro',
    );
  });
  it('falls back to the shared location, measured from the venue', () => {
    expect(deliveryZoneFor(zones, { postalCode: '28009', location: retiro, origin: sol })?.name).toBe(
      'Radio',
    );
    expect(deliveryZoneFor(zones, { postalCode: '28009', location: null, origin: sol })).toBeNull();
    expect(deliveryZoneFor(zones, { postalCode: '28009', location: retiro, origin: null })).toBeNull();
    expect(deliveryZoneFor(zones, { postalCode: '28009', location: barcelona, origin: sol })).toBeNull();
  });
});
