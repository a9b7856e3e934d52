import { normalizePostalCode } from './takeaway-slots.ts';

/** A point on Earth in degrees (WGS 84), as a phone's geolocation gives it. */
export interface GeoPoint {
  readonly latitude: number;
  readonly longitude: number;
}

/**
 * A delivery zone as the venue defines it: the postal codes it covers or, with `radiusMeters`, every
 * address that close to the venue's delivery origin; its fee and its minimum order.
 */
export interface DeliveryZone {
  readonly id: number;
  readonly name: string;
  readonly postalCodes: readonly string[];
  readonly radiusMeters: number | null;
  readonly feeCents: number;
  readonly minimumCents: number;
}

/** Mean Earth radius (IUGG), the usual one for the haversine formula. */
const EARTH_RADIUS_METERS = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine): within a few metres at a city's scale, all a fee needs. */
export function distanceMeters(from: GeoPoint, to: GeoPoint): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a point is a real position (a phone or a form may send anything). */
export function isGeoPoint(point: GeoPoint): boolean {
  return (
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude) &&
    Math.abs(point.latitude) <= 90 &&
    Math.abs(point.longitude) <= 180
  );
}

/** The first zone (in the venue's order) that covers `postalCode`, or null when the venue does not deliver there. */
export function zoneForPostalCode<Z extends DeliveryZone>(zones: readonly Z[], postalCode: string): Z | null {
  const wanted = normalizePostalCode(postalCode);
  if (wanted === '') return null;
  return zones.find((zone) => zone.postalCodes.some((code) => normalizePostalCode(code) === wanted)) ?? null;
}

/** The smallest radius zone around `origin` that reaches `point` (the nearest ring is the cheapest), or null. */
export function zoneForLocation<Z extends DeliveryZone>(
  zones: readonly Z[],
  origin: GeoPoint,
  point: GeoPoint,
): Z | null {
  if (!isGeoPoint(origin) || !isGeoPoint(point)) return null;
  const distance = distanceMeters(origin, point);
  const reaching = zones.filter((zone) => zone.radiusMeters !== null && distance <= zone.radiusMeters);
  reaching.sort((a, b) => a.radiusMeters! - b.radiusMeters!);
  return reaching[0] ?? null;
}

/**
 * The zone a delivery falls in: the postal code's zone when one lists it, else the radius zone the
 * guest's shared location reaches (measured from the venue's origin). Location is never needed when the
 * postal code answers.
 */
export function deliveryZoneFor<Z extends DeliveryZone>(
  zones: readonly Z[],
  address: {
    readonly postalCode: string;
    readonly location: GeoPoint | null;
    readonly origin: GeoPoint | null;
  },
): Z | null {
  const byCode = zoneForPostalCode(zones, address.postalCode);
  if (byCode) return byCode;
  if (address.location === null || address.origin === null) return null;
  return zoneForLocation(zones, address.origin, address.location);
}

/** Whether the venue has a zone the guest can only reach by sharing their location. */
export function hasRadiusZones(zones: readonly DeliveryZone[]): boolean {
  return zones.some((zone) => zone.radiusMeters !== null);
}
