import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { PHONE } from './support/phone.ts';
import { bookThroughApi, freeTimes, openDates } from './support/reservations.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 26 item 8 (decision 040): the host shares an invitation from their reservation's page, without
 * email; on another phone the invitee joins with their own link, kept on that phone, and a name is added
 * without a link. The guest list on the invitation updates, and the host's page lists them.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function phone(): Promise<Page> {
  // bypassCSP: axe-core is injected as an inline script, which the server's policy rightly refuses.
  const context = await browser.newContext({ ...PHONE, locale: 'es-ES', bypassCSP: true });
  return context.newPage();
}

async function guestNames(page: Page): Promise<string[]> {
  const names = await page.getByRole('list', { name: 'Quién viene' }).getByRole('listitem').allTextContents();
  return names.map((name) => name.trim());
}

describe('joining a reservation from an invitation', () => {
  it('the host shares the link; an invitee joins with their own link and a name goes on the list', async () => {
    const [date] = await openDates(server.url, 1);
    const [time] = await freeTimes(server.url, date!, 4);
    const { body } = await bookThroughApi(server.url, {
      date: date!,
      timeSlot: time!,
      pax: 4,
      name: 'Marta Anfitriona',
      email: 'marta.invita@example.com',
    });

    const host = await phone();
    await host.goto(`${server.url}/reservar#uid=${encodeURIComponent(body.uid)}`);
    const invite = host.getByRole('button', { name: 'Invitar' });
    const link = host.getByRole('textbox', { name: 'Enlace de invitación' });
    // Folded until asked for (the panel's grid layout used to show it anyway).
    await invite.waitFor();
    expect(await link.isVisible()).toBe(false);
    await invite.click();
    expect(await invite.getAttribute('aria-expanded')).toBe('true');
    const invitation = await link.inputValue();
    // "Copiar enlace" copies it (the Clipboard API here; the LAN spec copies without it).
    await host.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await host.getByRole('button', { name: 'Copiar enlace' }).click();
    await host.getByRole('status').filter({ hasText: 'Enlace copiado.' }).waitFor();
    expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(invitation);
    expect(new URL(invitation).pathname).toBe('/mis-reservas');
    expect(await seriousAccessibilityViolations(host)).toEqual([]);

    const guest = await phone();
    await guest.goto(invitation);
    const lead = guest.getByRole('heading', {
      level: 2,
      name: /^Te han invitado a .+ el .+ a las \d\d:\d\d$/,
    });
    await lead.waitFor();
    expect(await lead.textContent()).toContain(`a las ${time}`);
    expect(await guestNames(guest)).toEqual(['Marta Anfitriona']);
    expect(await seriousAccessibilityViolations(guest)).toEqual([]);

    await guest.getByRole('textbox', { name: 'Tu nombre' }).fill('Pablo');
    await guest.getByRole('button', { name: 'Unirme' }).click();
    await guest.getByRole('heading', { name: 'Ya estás en la reserva' }).waitFor();
    const ownLink = await guest.getByRole('textbox', { name: 'Tu enlace' }).inputValue();
    expect(new URL(ownLink).pathname).toBe('/menu');
    expect(await guestNames(guest)).toEqual(['Marta Anfitriona', 'Pablo']);

    await guest.getByRole('textbox', { name: 'Tu nombre' }).fill('Abuela Carmen');
    await guest.getByRole('button', { name: 'Apuntar solo el nombre' }).click();
    await guest.getByText('Abuela Carmen está en la lista.').waitFor();
    expect(await guestNames(guest)).toEqual(['Marta Anfitriona', 'Pablo', 'Abuela Carmen']);
    expect(await seriousAccessibilityViolations(guest)).toEqual([]);

    // The invitee's own link is kept on their phone: opening the invitation again shows it.
    await guest.reload();
    expect(await guest.getByRole('textbox', { name: 'Tu enlace' }).inputValue()).toBe(ownLink);

    await host.reload();
    await host.getByRole('button', { name: 'Invitar' }).click();
    await host.getByRole('list', { name: 'Quién viene' }).getByText('Abuela Carmen').waitFor();
    expect(await guestNames(host)).toEqual(['Marta Anfitriona', 'Pablo', 'Abuela Carmen']);
  });
});
