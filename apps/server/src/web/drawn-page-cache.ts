/**
 * How long a page drawn by the server is reused: as the heads (head-cache.ts), a renamed dish or a new dish
 * reaches guests within a minute; a product staff mark sold out, hidden or repriced drops the venue's pages at once.
 */
export const DRAWN_PAGE_TTL_MS = 60_000;
/** Past this many kept pages (venues × pages × languages × hosts) all are dropped at once. */
const MAX_ENTRIES = 2_000;

/** A page as sent: its status and its whole HTML. */
export interface DrawnPage {
  readonly status: number;
  readonly html: string;
}

interface Entry {
  readonly venueId: number;
  readonly page: Promise<DrawnPage | null>;
  readonly expiresAt: number;
}

/**
 * The guest pages the server drew (decision 030), kept a minute per venue, address, language and host: drawing
 * the menu of 200 dishes took most of the page's time to first byte, on every view, for the same HTML. A render
 * that fell back to the browser (null) is not kept, so the next view tries again.
 */
export class DrawnPageCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  get(venueId: number, key: string, draw: () => Promise<DrawnPage | null>): Promise<DrawnPage | null> {
    const fullKey = `${venueId} ${key}`;
    const kept = this.entries.get(fullKey);
    if (kept && kept.expiresAt > this.now()) return kept.page;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const page = draw();
    const entry: Entry = { venueId, page, expiresAt: this.now() + DRAWN_PAGE_TTL_MS };
    this.entries.set(fullKey, entry);
    const forget = () => {
      if (this.entries.get(fullKey) === entry) this.entries.delete(fullKey);
    };
    page.then((drawn) => drawn ?? forget(), forget);
    return page;
  }

  /** A venue's menu changed: its pages are drawn afresh. */
  dropVenue(venueId: number): void {
    for (const [key, entry] of this.entries) if (entry.venueId === venueId) this.entries.delete(key);
  }

  /** Changes may have been missed (the notification link came back): every page is drawn afresh. */
  clear(): void {
    this.entries.clear();
  }
}
