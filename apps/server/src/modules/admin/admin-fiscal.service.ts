import type {
  AdminFiscalResponse,
  AdminFiscalSettings,
  AdminFiscalSettingsUpdate,
} from '@sobremesa/contracts';
import { isValidSpanishTaxId } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { VENUE_CONFIG_UPDATED } from '../config/config.service.ts';
import { fiscalSettingsOf, saveFiscalSettings } from '../fiscal/fiscal.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { auditAdminChange } from './admin-audit.service.ts';

/** The fiscal section of /ebitdata (issue 23 item 6): the VERI*FACTU settings and the issuer they record for. */
export async function adminFiscal(
  ctx: AppContext,
  venue: Venue,
): Promise<Omit<AdminFiscalResponse, 'result'>> {
  const { taxId, legalName } = venue.settings.fiscalInfo;
  return {
    settings: await fiscalSettingsOf(ctx.db, venue.id),
    issuer: { taxId, legalName, taxIdValid: isValidSpanishTaxId(taxId) },
  };
}

/** Saves the settings with their audit row (SEC-11); the TPV's next bill records with them. */
export async function updateFiscalSettings(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: AdminFiscalSettingsUpdate,
): Promise<AdminFiscalSettings> {
  return ctx.db.transaction(async (tx) => {
    const { before, after } = await saveFiscalSettings(tx, venue.id, input);
    await auditAdminChange(tx, venue, staff, {
      action: 'fiscal_settings.update',
      entity: 'fiscal_settings',
      entityId: venue.id,
      before,
      after,
    });
    await appendEvent(tx, venue.id, VENUE_CONFIG_UPDATED, { changed: ['fiscal_settings'] });
    return after;
  });
}
