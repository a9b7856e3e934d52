/**
 * How long a page drawn by the server is reused: as the heads (head-cache.ts), a renamed dish or a new dish
 * reaches guests within a minute; a product staff mark sold out, hidden or repriced drops the venue's pages at once.
 */
export const DRAWN_PAGE_TTL_MS = 60_000;
/**
 * Past this many kept pages (venues × addresses × languages × hosts), or this much HTML (a menu of 200 dishes is a
 * few hundred KB), all are dropped at once.
 */
const MAX_ENTRIES = 500;
const MAX_CHARACTERS = 64 * 1024 * 1024;

/** A page as sent: its status and its whole HTML. */
export interface DrawnPage {
  readonly status: number;
  readonly html: string;
}

interface Entry {
  readonly venueId: number;
  readonly page: Promise<DrawnPage | null>;
  readonly expiresAt: number;
  /** The page's length once drawn. */
  characters: number;
}

/**
 * The guest pages the server drew (decision 030), kept a minute per venue, address, language and host: drawing
 * the menu of 200 dishes took most of the page's time to first byte, on every view, for the same HTML. A render
 * that fell back to the browser (null) is not kept, so the next view tries again.
 */
export class DrawnPageCache {
  private readonly entries = new Map<string, Entry>();
  private characters = 0;

  constructor(private readonly now: () => number) {}

  get(venueId: number, key: string, draw: () => Promise<DrawnPage | null>): Promise<DrawnPage | null> {
    const fullKey = `${venueId} ${key}`;
    const kept = this.entries.get(fullKey);
    if (kept && kept.expiresAt > this.now()) return kept.page;
    if (kept) this.delete(fullKey);
    if (this.entries.size >= MAX_ENTRIES || this.characters >= MAX_CHARACTERS) this.clear();
    const page = draw();
    const entry: Entry = { venueId, page, expiresAt: this.now() + DRAWN_PAGE_TTL_MS, characters: 0 };
    this.entries.set(fullKey, entry);
    const settled = (drawn: DrawnPage | null) => {
      if (this.entries.get(fullKey) !== entry) return;
      if (!drawn) return this.delete(fullKey);
      entry.characters = drawn.html.length;
      this.characters += entry.characters;
    };
    page.then(settled, () => settled(null));
    return page;
  }

  /** A venue's menu changed: its pages are drawn afresh. */
  dropVenue(venueId: number): void {
    for (const [key, entry] of this.entries) if (entry.venueId === venueId) this.delete(key);
  }

  /** Changes may have been missed (the notification link came back): every page is drawn afresh. */
  clear(): void {
    this.entries.clear();
    this.characters = 0;
  }

  private delete(key: string): void {
    this.characters -= this.entries.get(key)?.characters ?? 0;
    this.entries.delete(key);
  }
}
