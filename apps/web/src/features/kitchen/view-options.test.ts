import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_OPTIONS, parseViewOptions, serializeViewOptions } from './view-options.ts';

describe('the elaborationStationViewOptions cookie', () => {
  it('starts from the spec defaults: everything off but ghost orders shown', () => {
    expect(parseViewOptions(null)).toEqual({
      showChoices: false,
      newestFirst: false,
      formattedTicket: false,
      ungrouped: false,
      showGhostOrders: true,
      accountsShare: 50,
    });
  });

  it('reads back what it wrote', () => {
    const chosen = {
      ...DEFAULT_VIEW_OPTIONS,
      newestFirst: true,
      showGhostOrders: false,
      accountsShare: 90 as const,
    };
    expect(parseViewOptions(serializeViewOptions(chosen))).toEqual(chosen);
  });

  it('keeps the default for a field that is missing or of the wrong type', () => {
    expect(parseViewOptions('{"ungrouped":true,"newestFirst":"yes","accountsShare":33}')).toEqual({
      ...DEFAULT_VIEW_OPTIONS,
      ungrouped: true,
    });
  });

  it('falls back to the defaults for text that is not an options object', () => {
    for (const text of ['', 'not json', '[true]', 'null', '42']) {
      expect(parseViewOptions(text)).toEqual(DEFAULT_VIEW_OPTIONS);
    }
  });
});
