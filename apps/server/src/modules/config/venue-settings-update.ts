import { venueSettingsSchema, type VenueConfig, type VenueSettings } from '@sobremesa/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { appendAudit, asAdmin } from '../../db/audit-log.ts';
import { AppError } from '../../http/app-error.ts';
import { schemaFieldErrors } from '../../http/validation.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { writeVenueSettings, type Venue } from '../venues/venues.service.ts';
import { lockVenueSettings } from './config.repository.ts';
import { venueConfig } from './venue-config.ts';
import {
  embedOriginSchema,
  fiscalInfoUpdateSchema,
  guestLinkSchema,
  menuOrderConfigUpdateSchema,
  menuServicesSchema,
  paymentConfigUpdateSchema,
  posProviderSchema,
} from './venue-settings-rules.ts';

/** Realtime topic staff screens hear when the venue's settings change. */
export const VENUE_CONFIG_UPDATED = 'venue.config.updated';

/** More sites than this embedding one venue's booking form is a mistake, not a need. */
const MAX_EMBED_ORIGINS = 20;
const MAX_PRIVACY_POLICY_CHARS = 50_000;

/** The fields whose defaults would otherwise be filled in, taken without them: a missing field is left alone. */
const settingsShape = Object.fromEntries(
  Object.entries(venueSettingsSchema.shape).map(([key, schema]) => [
    key,
    (schema instanceof z.ZodDefault ? schema.unwrap() : schema).optional(),
  ]),
) as unknown as { [K in keyof VenueSettings]: z.ZodOptional<z.ZodType<VenueSettings[K]>> };

/**
 * POST /world/api/venueconfig/update: any part of the venue settings (spec §3 "Venue config"); fields
 * not sent keep their value. Unknown fields are refused, and the merged document must still satisfy
 * `venueSettingsSchema`. The fields the admin types meet the rules of `venue-settings-rules.ts`.
 */
export const venueSettingsUpdateSchema = z
  .strictObject({
    ...settingsShape,
    embedOrigins: z
      .array(embedOriginSchema)
      .max(MAX_EMBED_ORIGINS)
      .transform((origins) => [...new Set(origins)])
      .optional(),
    privacyPolicy: z.string().max(MAX_PRIVACY_POLICY_CHARS).optional(),
    fiscalInfo: fiscalInfoUpdateSchema.optional(),
    location_gmaps_url: guestLinkSchema.optional(),
    reviewGoogleMapsUrl: guestLinkSchema.optional(),
    paymentConfig: paymentConfigUpdateSchema.optional(),
    defaultMenuOrderConfig: menuOrderConfigUpdateSchema.optional(),
    posProvider: posProviderSchema.optional(),
    menuServices: menuServicesSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one setting to change',
  });
export type VenueSettingsUpdate = z.output<typeof venueSettingsUpdateSchema>;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Changes the venue's settings (admin only): merges the partial over the stored document under a row
 * lock, validates the whole, writes it with an audit row (SEC-11, the changed fields before and after)
 * and a `venue.config.updated` event for staff screens, then drops the venue directory's cache so the
 * change (for example the sites allowed to frame the booking form) applies at once on this instance and
 * within two seconds on the others.
 */
export async function updateVenueSettings(
  ctx: AppContext,
  venue: Venue,
  staff: { readonly userId: number },
  update: VenueSettingsUpdate,
): Promise<{ venueConfig: VenueConfig; changed: string[] }> {
  const result = await ctx.db.transaction(async (tx) => {
    const stored = await lockVenueSettings(tx, venue.id);
    if (!stored) throw new AppError(404, 'NOT_FOUND', 'not_found');
    const current = venueSettingsSchema.parse(stored);
    const patch = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
    const merged = venueSettingsSchema.safeParse({ ...stored, ...patch }, { reportInput: true });
    if (!merged.success) {
      throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
        fields: schemaFieldErrors(merged.error.issues),
      });
    }
    const changed = Object.keys(patch)
      .filter(
        (key) => !sameValue(current[key as keyof VenueSettings], merged.data[key as keyof VenueSettings]),
      )
      .sort();
    if (changed.length === 0) return { settings: current, changed };
    await writeVenueSettings(tx, venue.id, { ...stored, ...patch });
    await appendAudit(
      tx,
      venue.id,
      asAdmin(staff),
      'venue.config.update',
      'venue',
      venue.id,
      Object.fromEntries(changed.map((key) => [key, current[key as keyof VenueSettings]])),
      Object.fromEntries(changed.map((key) => [key, merged.data[key as keyof VenueSettings]])),
    );
    await appendEvent(tx, venue.id, VENUE_CONFIG_UPDATED, { changed });
    return { settings: merged.data, changed };
  });
  ctx.venues.invalidate();
  return {
    venueConfig: await venueConfig(ctx, { ...venue, settings: result.settings }),
    changed: result.changed,
  };
}
