// What other modules call of config (decision 068): the venue's configuration as the apps read it, and the
// one write of its settings (admin's sections and media save through it, each announcing the change), and
// the word a write of the venue's till devices sends once committed (the accounting-config reply is kept),
// and whether the stored fiscal data is complete (VERI*FACTU's switch, decision 076).
export { forgetAccountingConfig } from './accounting-config-cache.ts';
export * from './venue-config.ts';
export * from './venue-settings-update.ts';
export { isCompleteFiscalInfo } from './venue-settings-rules.ts';
