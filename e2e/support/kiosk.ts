import type { Page } from 'playwright-core';

/** Staff turn the open /kiosk page into the kiosk with `pin`, as its setup form asks. */
export async function startKiosk(page: Page, pin: string): Promise<void> {
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.getByLabel('Repite el PIN').fill(pin);
  await page.getByRole('button', { name: 'Empezar' }).click();
  await page.getByRole('heading', { name: 'Bienvenido', exact: true }).waitFor();
}

/** Staff leave the kiosk: a wrong PIN is refused, then `pin` lets them out (the caller waits for /copilot). */
export async function leaveKiosk(page: Page, pin: string): Promise<void> {
  await page.getByRole('button', { name: 'Personal' }).click();
  const exit = page.getByRole('dialog', { name: 'Salir del quiosco' });
  await exit.getByLabel('PIN del personal').fill('1111');
  await exit.getByRole('button', { name: 'Salir', exact: true }).click();
  await exit.getByRole('alert').filter({ hasText: 'El PIN no es correcto.' }).waitFor();
  await exit.getByLabel('PIN del personal').fill(pin);
  await exit.getByRole('button', { name: 'Salir', exact: true }).click();
}
