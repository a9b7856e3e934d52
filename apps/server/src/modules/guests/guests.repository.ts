import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { leanQuery } from '../../db/lean.ts';
import { leanRows } from '../../db/lean-rows.ts';
import { firstRow, queryRows } from '../../db/rows.ts';
import { guestAllergens, guests, guestTokens } from '../../db/schema/index.ts';

export type GuestRow = typeof guests.$inferSelect;
export type GuestTokenRow = typeof guestTokens.$inferSelect;

const tokenRows = leanRows(guestTokens, 't');
const TOKEN_BY_HASH_SQL = `select ${tokenRows.columns} from guest_tokens t where t.venue_id = $1 and t.token_hash = $2`;

/** Who books: the email finds the venue's guest, the rest are the details a new guest starts with. */
export interface BookingGuest {
  readonly venueId: number;
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly locale: string | null;
  readonly consentedAt: Date | null;
}

/**
 * The venue's guest with this email, created if new. An existing guest keeps their name and gains only
 * contact details they had not given: an unauthenticated booking never overwrites someone's data.
 */
export async function upsertGuestByEmail(db: Executor, values: BookingGuest): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    insert into guests (venue_id, name, email, phone, locale, consented_at)
    values (${values.venueId}, ${values.name}, ${values.email}, ${values.phone}, ${values.locale},
            ${values.consentedAt?.toISOString() ?? null})
    on conflict (venue_id, lower(email)) where email is not null do update set
      phone = coalesce(guests.phone, excluded.phone),
      locale = coalesce(excluded.locale, guests.locale),
      consented_at = coalesce(guests.consented_at, excluded.consented_at),
      updated_at = now()
    returning id`,
  );
  return Number(firstRow(rows, 'guest upsert').id);
}

export async function insertGuest(db: Executor, values: typeof guests.$inferInsert): Promise<GuestRow> {
  return firstRow(await db.insert(guests).values(values).returning(), 'guest insert');
}

export async function findGuest(
  db: Executor,
  venueId: number,
  guestId: number,
): Promise<GuestRow | undefined> {
  const [row] = await db
    .select()
    .from(guests)
    .where(and(eq(guests.venueId, venueId), eq(guests.id, guestId)));
  return row;
}

/** The allergens a guest declared (user/updateallergens), in id order. */
export async function findGuestAllergenIds(
  db: Executor,
  venueId: number,
  guestId: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: guestAllergens.allergenId })
    .from(guestAllergens)
    .where(and(eq(guestAllergens.venueId, venueId), eq(guestAllergens.guestId, guestId)))
    .orderBy(guestAllergens.allergenId);
  return rows.map((row) => row.id);
}

export async function findGuestByEmail(
  db: Executor,
  venueId: number,
  email: string,
): Promise<GuestRow | undefined> {
  const [row] = await db
    .select()
    .from(guests)
    .where(and(eq(guests.venueId, venueId), sql`lower(${guests.email}) = ${email.toLowerCase()}`));
  return row;
}

export async function insertToken(
  db: Executor,
  values: typeof guestTokens.$inferInsert,
): Promise<GuestTokenRow> {
  return firstRow(await db.insert(guestTokens).values(values).returning(), 'token insert');
}

/** The token row of a hash in a venue (a token of another venue is simply unknown here). */
export async function findTokenByHash(
  db: Executor,
  venueId: number,
  tokenHash: string,
): Promise<GuestTokenRow | undefined> {
  // Every guest call starts here: a prepared statement (decision 054).
  const [row] = await leanQuery<Record<string, unknown>>(db, 'guest_token_by_hash', TOKEN_BY_HASH_SQL, [
    venueId,
    tokenHash,
  ]);
  return row && tokenRows.row(row);
}

export async function revokeTokensByHash(
  db: Executor,
  venueId: number,
  tokenHashes: readonly string[],
  now: Date,
): Promise<void> {
  if (tokenHashes.length === 0) return;
  await db
    .update(guestTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(guestTokens.venueId, venueId),
        inArray(guestTokens.tokenHash, [...tokenHashes]),
        isNull(guestTokens.revokedAt),
      ),
    );
}

/** Revokes a guest's tokens for one reservation (an invitee removed from it). */
export async function revokeGuestTokensOfReservation(
  db: Executor,
  venueId: number,
  reservationId: number,
  guestId: number,
  now: Date,
): Promise<void> {
  await db
    .update(guestTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(guestTokens.venueId, venueId),
        eq(guestTokens.reservationId, reservationId),
        eq(guestTokens.guestId, guestId),
        isNull(guestTokens.revokedAt),
      ),
    );
}

export async function touchToken(db: Executor, tokenId: number, now: Date): Promise<void> {
  await db.update(guestTokens).set({ lastUsedAt: now }).where(eq(guestTokens.id, tokenId));
}

export async function updateGuest(
  db: Executor,
  venueId: number,
  guestId: number,
  values: { phone?: string; locale?: string },
): Promise<void> {
  const set: Partial<typeof guests.$inferInsert> = {};
  if (values.phone !== undefined) set.phone = values.phone || null;
  if (values.locale !== undefined) set.locale = values.locale;
  if (Object.keys(set).length === 0) return;
  await db
    .update(guests)
    .set(set)
    .where(and(eq(guests.venueId, venueId), eq(guests.id, guestId)));
}
