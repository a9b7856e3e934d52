import type { AeatEnvironment } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { findFiscalSettings } from './fiscal.repository.ts';

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
