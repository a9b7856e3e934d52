import type { AeatEnvironment } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { findFiscalSettings, upsertFiscalSettings } from './fiscal.repository.ts';

/** A venue's VERI*FACTU settings as the records use them; a venue that never saved any gets the defaults. */
export interface FiscalSettings {
  readonly enabled: boolean;
  readonly installationNumber: string;
  readonly environment: AeatEnvironment;
}

/** VERI*FACTU is on unless the owner turns it off: a venue that never opens the screen still complies. */
export const DEFAULT_FISCAL_SETTINGS: FiscalSettings = {
  enabled: true,
  installationNumber: '1',
  environment: 'production',
};

export async function fiscalSettingsOf(db: Executor, venueId: number): Promise<FiscalSettings> {
  const row = await findFiscalSettings(db, venueId);
  if (!row) return DEFAULT_FISCAL_SETTINGS;
  return {
    enabled: row.enabled,
    installationNumber: row.installationNumber,
    environment: row.environment === 'test' ? 'test' : 'production',
  };
}

/**
 * Stores a venue's settings and returns what they were before, for the audit row. A new installation
 * number starts a chain of its own (FIS-02 chains per issuer and installation); the old one stays as it is.
 */
export async function saveFiscalSettings(
  db: Executor,
  venueId: number,
  settings: FiscalSettings,
): Promise<{ before: FiscalSettings; after: FiscalSettings }> {
  const before = await fiscalSettingsOf(db, venueId);
  await upsertFiscalSettings(db, venueId, settings);
  return { before, after: settings };
}
