import { describe, expect, it } from 'vitest';
import {
  centsToEuroInput,
  euroInputToCents,
  placeFieldErrors,
  sectionChanged,
  sectionPatch,
  valueAt,
  VENUE_SECTIONS,
  withValueAt,
} from './venue-form-model.ts';

const fiscal = VENUE_SECTIONS.find((section) => section.id === 'fiscal')!;
const embedding = VENUE_SECTIONS.find((section) => section.id === 'embedding')!;

describe('the venue form model', () => {
  const saved = {
    fiscalInfo: { legalName: 'Casa SL', taxId: '', invoiceSeries: 'T' },
    embedOrigins: [],
    printEnabled: false,
  };

  it('edits a nested field without touching the loaded document', () => {
    const draft = withValueAt(saved, 'fiscalInfo.taxId', 'B87654323');
    expect(valueAt(draft, 'fiscalInfo.taxId')).toBe('B87654323');
    expect(saved.fiscalInfo.taxId).toBe('');
    expect(sectionChanged(fiscal, saved, draft)).toBe(true);
    expect(sectionChanged(fiscal, saved, saved)).toBe(false);
  });

  it('sends the whole nested object a section touches, and nothing of other sections', () => {
    const draft = withValueAt(saved, 'fiscalInfo.taxId', 'B87654323');
    expect(sectionPatch(fiscal, draft)).toEqual({
      fiscalInfo: { legalName: 'Casa SL', taxId: 'B87654323', invoiceSeries: 'T' },
    });
  });

  it("places the server's errors on their fields, an array item's on its list", () => {
    const placed = placeFieldErrors(embedding, [
      { path: 'embedOrigins.1', message: 'bad' },
      { path: '(body)', message: 'other' },
    ]);
    expect(placed.byField.get('embedOrigins')?.message).toBe('bad');
    expect(placed.unplaced).toEqual([{ path: '(body)', message: 'other' }]);
    expect(
      placeFieldErrors(fiscal, [{ path: 'fiscalInfo.taxId', message: 'x' }]).byField.has('fiscalInfo.taxId'),
    ).toBe(true);
  });

  it('reads euros as typed in Spain and writes cents back', () => {
    expect(euroInputToCents('12,5')).toBe(1250);
    expect(euroInputToCents('7')).toBe(700);
    expect(euroInputToCents('3.05')).toBe(305);
    expect(euroInputToCents('-1')).toBeNull();
    expect(euroInputToCents('1,234')).toBeNull();
    expect(centsToEuroInput(1250)).toBe('12,50');
  });
});
