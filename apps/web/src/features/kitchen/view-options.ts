import { storage } from '../../lib/storage.ts';

/**
 * How an elaboration station's screen draws its tickets (spec §3 cookie `elaborationStationViewOptions`,
 * §9 defaults). `accountsShare` is the Barra split of spec §2: the percent of the width the accounts take
 * beside the drinks to prepare.
 */
export interface StationViewOptions {
  /** Each line's chosen options (punto de la carne, guarnición…) under its name. */
  readonly showChoices: boolean;
  /** Newest ticket first instead of the oldest (the one waiting longest) first. */
  readonly newestFirst: boolean;
  /** Tickets drawn as the printed kitchen ticket: monospaced, units first, no colours. */
  readonly formattedTicket: boolean;
  /** One card per line instead of one per table. */
  readonly ungrouped: boolean;
  /** Lines with no elaboration station, or none of the ones followed (spec §6 ghost orders). */
  readonly showGhostOrders: boolean;
  readonly accountsShare: AccountsShare;
}

/** Spec §2: accounts take 90, 10 or 50 percent of the Barra screen. */
export const ACCOUNTS_SHARES = [90, 50, 10] as const;
export type AccountsShare = (typeof ACCOUNTS_SHARES)[number];

/** The boolean options, in the order the screen offers them. */
export const TOGGLE_OPTIONS = [
  'showChoices',
  'newestFirst',
  'formattedTicket',
  'ungrouped',
  'showGhostOrders',
] as const;
export type ToggleOption = (typeof TOGGLE_OPTIONS)[number];

/** Spec §9: choices off, newest first off, formatted ticket off, ungrouped off, ghost orders shown on. */
export const DEFAULT_VIEW_OPTIONS: StationViewOptions = {
  showChoices: false,
  newestFirst: false,
  formattedTicket: false,
  ungrouped: false,
  showGhostOrders: true,
  accountsShare: 50,
};

/**
 * Reads the stored text: JSON with any of the fields; a field missing or of the wrong type keeps its default,
 * so a cookie from an older version, or one somebody edited, never breaks the kitchen screen.
 */
export function parseViewOptions(text: string | null): StationViewOptions {
  if (text === null || text === '') return DEFAULT_VIEW_OPTIONS;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return DEFAULT_VIEW_OPTIONS;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return DEFAULT_VIEW_OPTIONS;
  const record = raw as Record<string, unknown>;
  const flag = (key: ToggleOption): boolean => {
    const value = record[key];
    return typeof value === 'boolean' ? value : DEFAULT_VIEW_OPTIONS[key];
  };
  const share = ACCOUNTS_SHARES.find((candidate) => candidate === record.accountsShare);
  return {
    showChoices: flag('showChoices'),
    newestFirst: flag('newestFirst'),
    formattedTicket: flag('formattedTicket'),
    ungrouped: flag('ungrouped'),
    showGhostOrders: flag('showGhostOrders'),
    accountsShare: share ?? DEFAULT_VIEW_OPTIONS.accountsShare,
  };
}

export function serializeViewOptions(options: StationViewOptions): string {
  return JSON.stringify(options);
}

export function readViewOptions(): StationViewOptions {
  return parseViewOptions(storage.get('elaborationStationViewOptions'));
}

export function writeViewOptions(options: StationViewOptions): void {
  storage.set('elaborationStationViewOptions', serializeViewOptions(options));
}
