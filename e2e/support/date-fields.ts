import type { Locator } from 'playwright-core';

/**
 * A period's day field of the admin area (`date-range-fields.tsx`): a button named by its label and the day
 * written in the app's language, its ISO day in `data-date`, the app's calendar folding out under it.
 */
export function dayField(scope: Locator, label: string): Locator {
  return scope
    .locator('.date-field')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .getByRole('button')
    .first();
}

/** The ISO day a period's field holds. */
export async function dayOf(field: Locator): Promise<string> {
  const day = await field.getAttribute('data-date');
  if (!day) throw new Error('the field holds no day');
  return day;
}

/** Opens the field's calendar, goes to the day's month with its arrows and taps the day. */
export async function chooseDay(field: Locator, day: string): Promise<void> {
  await field.click();
  const calendar = field.locator('xpath=..').locator('.date-field__calendar');
  const target = calendar.locator(`button[data-date="${day}"]`);
  for (let moves = 0; (await target.count()) === 0; moves += 1) {
    if (moves > 36) throw new Error(`${day} is not in the calendar`);
    const shown = (await calendar.locator('button[data-date]').first().getAttribute('data-date'))!;
    // The month arrows are the header's first and last buttons (previous, next).
    const arrows = calendar.locator('.date-picker__nav');
    await (day < shown ? arrows.first() : arrows.last()).click();
  }
  await target.click();
}
