import type {
  AdminFiscalResponse,
  AdminFiscalSettings,
  AdminFiscalSettingsUpdate,
} from '@sobremesa/contracts';
import { isValidSpanishTaxId } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { isCompleteFiscalInfo, VENUE_CONFIG_UPDATED } from '../config/config.service.ts';
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

/**
 * VERI*FACTU is switched on only for an issuer its records and tickets can name (decision 076's rules of
 * "Datos fiscales": legal name, NIF, postal code, series). Refused at the switch; switching off, or saving
 * with it left as it was, is never held up.
 */
function refuseSwitchingOnWithout(
  venue: Venue,
  before: AdminFiscalSettings,
  input: AdminFiscalSettingsUpdate,
) {
  if (!input.enabled || before.enabled) return;
  if (isCompleteFiscalInfo(venue.settings.fiscalInfo)) return;
  throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
    fields: [
      {
        path: 'enabled',
        message:
          'Completa antes los datos fiscales (razón social, NIF, código postal y serie de las facturas) para activar VERI*FACTU',
      },
    ],
  });
}

/** Saves the settings with their audit row (SEC-11); the TPV's next bill records with them. */
export async function updateFiscalSettings(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: AdminFiscalSettingsUpdate,
): Promise<AdminFiscalSettings> {
  return ctx.db.transaction(async (tx) => {
    refuseSwitchingOnWithout(venue, await fiscalSettingsOf(tx, venue.id), input);
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
