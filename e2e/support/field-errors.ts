import type { Locator } from 'playwright-core';

/**
 * How a control tells a screen reader it was refused (decision 031): `aria-invalid`, and the texts its
 * `aria-describedby` points at, which hold the reason shown under it.
 */
export function refusalOf(control: Locator): Promise<{ invalid: string | null; description: string }> {
  return control.evaluate((element) => ({
    invalid: element.getAttribute('aria-invalid'),
    description: (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  }));
}
