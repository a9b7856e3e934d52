// What other modules call of config (decision 068): the venue's configuration as the apps read it, and the
// one write of its settings (admin's sections and media save through it, each announcing the change).
export * from './venue-config.ts';
export * from './venue-settings-update.ts';
