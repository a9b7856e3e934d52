import { storage } from './storage.ts';

/**
 * Spec §4, §5: the zone filter holds strings only (room names), kept as `selectedZoneFilter` in local storage.
 * Shared by the floor (which sets it) and the kitchen screens (which show only those rooms' orders).
 */
export function readZoneFilter(): string[] {
  const raw = storage.get('selectedZoneFilter');
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function writeZoneFilter(zones: readonly string[]): void {
  const clean = zones.filter((zone) => typeof zone === 'string');
  if (clean.length === 0) storage.remove('selectedZoneFilter');
  else storage.set('selectedZoneFilter', JSON.stringify(clean));
}

/** Whether a room shows: every room when the filter is off or nothing is selected. */
export function roomVisible(roomName: string, enabled: boolean, selected: readonly string[]): boolean {
  return !enabled || selected.length === 0 || selected.includes(roomName);
}
