import {
  productOrderStatusName,
  reservationStateOf,
  type ProductOrderStatusName,
  type ReservationState,
} from '@sobremesa/domain';

/**
 * The audit log in people's words (decision 077): each entry's action, the kind of thing it changed, the
 * data it changed and their values as the screens call them ("Sentados → Ausente", not `status 1 → -4`).
 * The keys here are the server's (its `appendAudit` calls); the words are `audit.*` in the admin's
 * namespace, in the nine languages. An action or kind the screen does not know yet reads as "Otro cambio"
 * or "Otro", never as its key.
 */

/** Every action the server writes to the audit log. */
export const AUDIT_ACTIONS = [
  'reservation.no_show',
  'reservation.cancel',
  'reservation.close',
  'reservation.reactivate',
  'reservation.merge',
  'product_order.cancel',
  'product_order.reject',
  'product_order.loss',
  'till.open',
  'till.close_shift',
  'till.close_day',
  'till.cash_in',
  'till.cash_out',
  'till.reopen',
  'cash_drawer.open',
  'cash_drawer.create',
  'cash_drawer.update',
  'cash_drawer.remove',
  'card_reader.create',
  'card_reader.update',
  'card_reader.remove',
  'payment.method',
  'payment.void',
  'payment.refund',
  'tip.create',
  'voucher.redeem',
  'promotion.assign',
  'promotion.delete',
  'invoice.issue',
  'invoice.correct',
  'invoice.cancel',
  'fiscal.record.correct',
  'fiscal.certificate.upload',
  'fiscal_settings.update',
  'product.create',
  'product.update',
  'product.archive',
  'product.remove',
  'product.courses',
  'product.price_change',
  'product.photo.update',
  'product.photo.remove',
  'menu.create',
  'menu.update',
  'menu.remove',
  'menu.reorder',
  'menu.csv.import',
  'category.create',
  'category.update',
  'category.remove',
  'option_type.create',
  'option_type.update',
  'option_type.remove',
  'translation.update',
  'venue.config.update',
  'venue.identity.update',
  'venue.schedule.update',
  'takeaway.pause',
  'takeaway.resume',
  'room.create',
  'room.update',
  'room.lay_out',
  'room.remove',
  'dining_table.create',
  'dining_table.update',
  'dining_table.remove',
  'table_combination.create',
  'table_combination.update',
  'table_combination.remove',
  'staff.invite',
  'staff.roles.update',
  'staff.disable',
  'staff.enable',
  'staff.password.reset',
  'staff.password.set',
  'staff.password.reset.done',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Every kind of row an audit entry names. */
export const AUDIT_ENTITIES = [
  'reservation',
  'product_order',
  'till_shift',
  'cash_drawer_transaction',
  'cash_drawer',
  'card_reader',
  'payment',
  'tip',
  'voucher',
  'reservation_promotion',
  'bill',
  'fiscal_record',
  'fiscal_certificate',
  'fiscal_settings',
  'product',
  'menu',
  'category',
  'option_type',
  'translation',
  'venue',
  'takeaway_settings',
  'room',
  'dining_table',
  'table_combination',
  'user',
] as const;

/** The data the audit entries keep before and after that the page names in words. */
export const AUDIT_FIELDS = [
  'status',
  'state',
  'pax',
  'table',
  'menuAccessEnabled',
  'finishedDateTime',
  'mergedIntoId',
  'reservationId',
  'sku',
  'name',
  'units',
  'priceCents',
  'vatRateBp',
  'menuIncluded',
  'paid',
  'amountCents',
  'method',
  'reason',
  'floatCents',
  'expectedCashCents',
  'countedCashCents',
  'cashDifferenceCents',
  'cardRecordedCents',
  'cardReaderCents',
  'cardDifferenceCents',
  'shiftId',
  'snapshotId',
  'reopenCount',
  'closedAt',
  'voidedAt',
  'expiresAt',
  'value',
  'email',
  'roleIds',
  'disabled',
  'pictureUrl',
  'paused',
] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

const actions: ReadonlySet<string> = new Set(AUDIT_ACTIONS);
const entities: ReadonlySet<string> = new Set(AUDIT_ENTITIES);
const fields: ReadonlySet<string> = new Set(AUDIT_FIELDS);

/** The key of an action's words under `audit.actions` (dots would nest: they become `_`), or `other`. */
export function auditActionKey(action: string): string {
  return actions.has(action) ? action.replaceAll('.', '_') : 'other';
}

/** The key of a kind of row's words under `audit.entities`, or `other`. */
export function auditEntityKey(entity: string): string {
  return entities.has(entity) ? entity : 'other';
}

/** Whether a datum has its own words under `audit.fields` (a venue setting has its form's label instead). */
export function isAuditField(field: string): field is AuditField {
  return fields.has(field);
}

/** A value as the page shows it, before it is put in words. */
export type AuditValue =
  | { readonly kind: 'none' }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'yes' }
  | { readonly kind: 'no' }
  | { readonly kind: 'money'; readonly cents: number }
  | { readonly kind: 'instant'; readonly iso: string }
  | { readonly kind: 'reservationState'; readonly state: ReservationState }
  | { readonly kind: 'lineStatus'; readonly status: ProductOrderStatusName | 'unknown' }
  | { readonly kind: 'method'; readonly method: 'cash' | 'card' | 'other' };

/** One datum an entry changed, with its value before and after; `field` is empty for a bare value. */
export interface AuditChange {
  readonly field: string;
  readonly before: AuditValue;
  readonly after: AuditValue;
}

/** What an entry keeps: the kind of row, and its data before and after. */
export interface AuditFacts {
  readonly entity: string;
  readonly before: unknown;
  readonly after: unknown;
}

type Snapshot = Readonly<Record<string, unknown>>;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

function isSnapshot(value: unknown): value is Snapshot {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A plain value in words: yes or no, money for the `…Cents` data, an instant, a method, or its text. */
function plainValue(field: string, value: unknown): AuditValue {
  if (value === null || value === undefined) return { kind: 'none' };
  if (typeof value === 'boolean') return { kind: value ? 'yes' : 'no' };
  if (typeof value === 'number' && field.endsWith('Cents')) return { kind: 'money', cents: value };
  if (
    typeof value === 'string' &&
    field === 'method' &&
    (value === 'cash' || value === 'card' || value === 'other')
  )
    return { kind: 'method', method: value };
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return { kind: 'instant', iso: value };
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object'))
    return { kind: 'text', text: value.join(', ') };
  return { kind: 'text', text: JSON.stringify(value) };
}

/**
 * A value of an entry in words. A reservation's status code reads as its state (the floor's words) and
 * an order line's as its status; anything else as {@link plainValue}.
 */
function valueOf(entity: string, field: string, value: unknown, snapshot: Snapshot): AuditValue {
  if (field === 'state' && entity === 'reservation' && typeof value === 'string')
    return { kind: 'reservationState', state: value as ReservationState };
  if (field === 'status' && typeof value === 'number') {
    if (entity === 'reservation')
      return {
        kind: 'reservationState',
        state: reservationStateOf({
          status: value,
          menuAccessEnabled: snapshot.menuAccessEnabled === true,
          mergedIntoId: typeof snapshot.mergedIntoId === 'number' ? snapshot.mergedIntoId : null,
        }),
      };
    if (entity === 'product_order')
      return { kind: 'lineStatus', status: productOrderStatusName(value) ?? 'unknown' };
  }
  return plainValue(field, value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A snapshot with its nested groups laid flat, `fiscalInfo.taxId` as `fiscalInfo_taxId`: the name the venue
 * settings form gives its fields, so a changed setting is named as the admin knows it.
 */
function flat(snapshot: Snapshot, prefix = ''): Snapshot {
  return Object.fromEntries(
    Object.entries(snapshot).flatMap(([key, value]) =>
      isSnapshot(value) ? Object.entries(flat(value, `${prefix}${key}_`)) : [[`${prefix}${key}`, value]],
    ),
  );
}

/**
 * The data an entry changed, in the order it keeps them: only what differs between before and after (and
 * what only one side has, as a reason). A reservation's status code goes when its state is there to say
 * it in words; the acting role's id goes, the page names the role beside who acted.
 */
export function auditChanges(entry: AuditFacts): AuditChange[] {
  const { entity, before, after } = entry;
  if (!isSnapshot(before) && !isSnapshot(after))
    return [{ field: '', before: plainValue('', before), after: plainValue('', after) }];
  const was: Snapshot = isSnapshot(before) ? flat(before) : {};
  const is: Snapshot = isSnapshot(after) ? flat(after) : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter(
    (key) => key !== 'roleId' && !(key in was && key in is && same(was[key], is[key])),
  );
  const shown =
    keys.includes('state') && entity === 'reservation' ? keys.filter((key) => key !== 'status') : keys;
  return shown.map((field) => ({
    field,
    before: field in was ? valueOf(entity, field, was[field], was) : { kind: 'none' },
    after: field in is ? valueOf(entity, field, is[field], is) : { kind: 'none' },
  }));
}
