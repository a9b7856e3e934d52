/** The staff views a copilot role opens (spec §3 "Copilot role", §6). Names are the venue-facing Spanish ones. */
export const COPILOT_VIEWS = ['Sala', '1 en Sala', 'Cocina', 'Barra', 'TPV', 'Pasante'] as const;

/** One of the six copilot views. */
export type CopilotView = (typeof COPILOT_VIEWS)[number];

/** An unknown role falls back to Sala (spec §4 "Role selection"). */
export const FALLBACK_COPILOT_VIEW: CopilotView = 'Sala';

/** Whether a string names one of the copilot views. */
export function isCopilotView(value: unknown): value is CopilotView {
  return typeof value === 'string' && (COPILOT_VIEWS as readonly string[]).includes(value);
}

/** Notification types a role can subscribe to (spec §3 "Notification", issue on notifications). */
export const NOTIFICATION_TYPES = [
  'upselling_drinks_reminder',
  'kiosk_walk_in',
  'kiosk_qr_scan',
  'customer_ready_to_order',
  'ticket_request',
  'order_ready_drinks',
  'order_ready_food',
  'call_staff',
] as const;

/** One notification type. */
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
