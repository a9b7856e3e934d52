import type { CopilotView, NotificationType } from '../copilot-views.ts';

/** The label of a ticket request raised without a user name (spec §6). */
export const TICKET_REQUEST_FALLBACK_LABEL = 'Comandero';

/** What routing needs to know of a copilot role (spec §3 "Copilot role"). */
export interface NotificationRole {
  readonly view: CopilotView;
  readonly notificationTypes: readonly string[];
}

/**
 * The types a role receives: its `notificationTypes`, except that Cocina never gets ticket requests
 * (spec §6 "Cocina (ticket-request notifications off)"), whatever its list says.
 */
export function receivedTypes(role: NotificationRole): NotificationType[] {
  return role.notificationTypes.filter(
    (type): type is NotificationType =>
      isReceivable(type) && !(role.view === 'Cocina' && type === 'ticket_request'),
  );
}

function isReceivable(type: string): type is NotificationType {
  return (
    type === 'upselling_drinks_reminder' ||
    type === 'kiosk_walk_in' ||
    type === 'kiosk_qr_scan' ||
    type === 'customer_ready_to_order' ||
    type === 'ticket_request' ||
    type === 'order_ready_drinks' ||
    type === 'order_ready_food' ||
    type === 'call_staff'
  );
}

/** Whether a role receives a notification of this type. */
export function roleReceives(role: NotificationRole, type: string): boolean {
  return (receivedTypes(role) as string[]).includes(type);
}

/** Spec §5: the zone filter accepts only strings; anything else is dropped, blanks too. */
export function cleanZones(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((zone): zone is string => typeof zone === 'string' && zone.trim() !== ''))];
}

/**
 * Spec §5: the zone filter applies only when enabled and zones are selected; then the notification's
 * rooms must include a selected zone name. A notification with no room is outside every zone.
 */
export function passesZoneFilter(
  roomNames: readonly string[],
  filterEnabled: boolean,
  selectedZones: readonly string[],
): boolean {
  if (!filterEnabled || selectedZones.length === 0) return true;
  return roomNames.some((room) => selectedZones.includes(room));
}

/**
 * Who raised a notification as staff see it: for a ticket request, the requesting user's name or
 * 'Comandero' without one (spec §6); for the rest, the name when there is one.
 */
export function notificationLabel(type: string, userName: string | null | undefined): string {
  const name = userName?.trim() ?? '';
  if (name !== '') return name;
  return type === 'ticket_request' ? TICKET_REQUEST_FALLBACK_LABEL : '';
}

/** The copilot overlays a pending notification appears in (spec §2 named overlays). */
export type NotificationOverlay = 'pending' | 'pending-drinks' | 'ready-payment' | 'call-staff';

/** Every pending notification is in "pending notifications"; some also have their own overlay. */
export function overlaysOf(type: string): NotificationOverlay[] {
  if (type === 'upselling_drinks_reminder' || type === 'order_ready_drinks')
    return ['pending', 'pending-drinks'];
  if (type === 'ticket_request') return ['pending', 'ready-payment'];
  if (type === 'call_staff') return ['pending', 'call-staff'];
  return ['pending'];
}
