/** How long a page's head is reused: a renamed dish or a new price reaches search engines within a minute. */
export const HEAD_TTL_MS = 60_000;
/** Past this many kept heads (venues × pages × languages × hosts) all are dropped at once. */
const MAX_ENTRIES = 5_000;

/**
 * The completed heads of guest pages, kept a minute per venue, page, language and address: the menu's head
 * holds every dish, which costs a catalogue read per page view otherwise, before the page's first byte.
 */
export class HeadCache {
  private readonly entries = new Map<string, { head: Promise<string>; expiresAt: number }>();

  constructor(private readonly now: () => number) {}

  get(key: string, build: () => Promise<string>): Promise<string> {
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > this.now()) return kept.head;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const head = build();
    this.entries.set(key, { head, expiresAt: this.now() + HEAD_TTL_MS });
    // A failed read is not kept: the next view tries again.
    head.catch(() => this.entries.delete(key));
    return head;
  }
}
