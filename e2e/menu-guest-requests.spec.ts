import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { guestJoinsTable, staffFeed, type FeedEvent } from './support/menu.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 6 point 4, the guest's requests from the phone, through the menu's "actions" dialog: ready to
 * order, call staff and the bill with a payment method reach staff as notifications; allergens are kept;
 * a comment is sent (an empty one is not); a new name is greeted and stored; the dialog works with the
 * keyboard alone and axe finds nothing serious in it. Spanish, and German to show the texts follow the
 * phone's language.
 */
let server: RunningServer;
let browser: Browser;
let staffToken: string;
let tables = 0;

beforeAll(async () => {
  // A busy CI machine may take a while to migrate and seed a fresh database.
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  staffToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The texts a test reads, in the phone's language. */
const TEXTS = {
  'es-ES': {
    open: 'Llamar y pedir la cuenta',
    title: '¿Qué necesitas?',
    closeNotice: 'Cerrar aviso',
  },
  'de-DE': {
    open: 'Personal rufen und Rechnung',
    title: 'Was brauchen Sie?',
    closeNotice: 'Hinweis schließen',
  },
} as const;

/** A guest's phone at a freshly seated table, joined under `name` through the account QR. */
async function guestAtTable(guestName: string, locale: keyof typeof TEXTS = 'es-ES') {
  tables += 1;
  const tableName = `Mesa peticiones ${tables}`;
  const guest = await guestJoinsTable(browser, server.url, staffToken, { tableName, guestName, locale });
  return { ...guest, texts: TEXTS[locale] };
}

/** Opens the actions dialog from the dock. */
async function openActions(page: Page, texts: (typeof TEXTS)[keyof typeof TEXTS]): Promise<Locator> {
  await page.getByRole('button', { name: texts.open }).click();
  const dialog = page.getByRole('dialog', { name: texts.title });
  await dialog.waitFor();
  return dialog;
}

/** The guest reads a confirmation and closes it: on a phone it sits over the dock's buttons for a while. */
async function confirmed(page: Page, texts: (typeof TEXTS)[keyof typeof TEXTS], message: string) {
  const notice = page.getByRole('listitem').filter({ hasText: message });
  await notice.waitFor();
  await notice.getByRole('button', { name: texts.closeNotice }).click();
  await notice.waitFor({ state: 'detached' });
}

/** What staff's API says of a notification (the copilot's notification centre reads this list). */
async function staffNotification(id: unknown) {
  const reply = await callWithToken(server.url, '/world/api/notifications/recent', staffToken);
  expect(reply.status).toBe(200);
  const { notifications } = (await reply.json()) as {
    notifications: {
      id: number;
      type: string;
      subtype: number;
      paymentMethod: string | null;
      data: Record<string, unknown>;
    }[];
  };
  const found = notifications.find((notification) => notification.id === id);
  if (!found) throw new Error(`notification ${String(id)} is not in staff's list`);
  return found;
}

/** The guest as the server knows them. */
async function serverGuest(uid: string) {
  const reply = await fetch(`${server.url}/world/api/user/find`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uid }),
  });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { user: { name: string; allergensId?: number[] } }).user;
}

const createdFor =
  (reservationId: number, type: string, subtype: number) =>
  (event: FeedEvent): boolean =>
    event.topic === 'notification.created' &&
    event.payload.reservationId === reservationId &&
    event.payload.type === type &&
    event.payload.subtype === subtype;

describe('guest requests from the phone', () => {
  it('says they are ready, calls staff and asks for the bill in cash; staff hear each (Spanish)', async () => {
    const feed = await staffFeed(server.url, staffToken);
    const guest = await guestAtTable('Carmen');
    const { page, table, texts } = guest;
    try {
      let dialog = await openActions(page, texts);
      await dialog.getByRole('button', { name: 'Estamos listos para pedir' }).click();
      await confirmed(page, texts, 'Hemos avisado de que estáis listos para pedir.');
      await dialog.waitFor({ state: 'detached' });
      await feed.waitFor(createdFor(table.reservationId, 'customer_ready_to_order', 0));

      dialog = await openActions(page, texts);
      await dialog.getByRole('button', { name: 'Llamar al camarero' }).click();
      await confirmed(page, texts, 'Hemos avisado al personal. Enseguida viene alguien.');
      await dialog.waitFor({ state: 'detached' });
      await feed.waitFor(createdFor(table.reservationId, 'call_staff', 0));

      dialog = await openActions(page, texts);
      await dialog.getByRole('button', { name: 'Pedir la cuenta' }).click();
      const bill = page.getByRole('dialog', { name: 'Pedir la cuenta' });
      await bill.getByRole('group', { name: '¿Cómo vas a pagar?' }).waitFor();
      // The amount the table is asking to pay (nothing ordered yet), before the method (issue 18 item 6).
      expect((await bill.locator('.menu-actions__due').textContent())?.replace(/\s/g, ' ')).toBe(
        'Importe a pagar: 0,00 €',
      );
      await bill.getByRole('radio', { name: 'Efectivo' }).check();
      await bill.getByRole('button', { name: 'Pedir la cuenta' }).click();
      await page.getByText('Hemos pedido la cuenta.').waitFor();
      await bill.waitFor({ state: 'detached' });
      const asked = await feed.waitFor(createdFor(table.reservationId, 'ticket_request', 0));
      // Spec §3 "Ticket request notification": the payment method, and the table's pax and name.
      const notification = await staffNotification(asked.payload.notificationId);
      expect(notification.paymentMethod).toBe('cash');
      expect(notification.data).toMatchObject({ pax: 2, reservationId: table.reservationId });
    } finally {
      feed.close();
      await guest.close();
    }
  });

  it('keeps the allergens the guest saves, on the phone and on the server', async () => {
    const feed = await staffFeed(server.url, staffToken);
    const guest = await guestAtTable('Andrés');
    const { page, table, uid, texts } = guest;
    try {
      let dialog = await openActions(page, texts);
      await dialog.getByRole('button', { name: 'Mis alergias' }).click();
      dialog = page.getByRole('dialog', { name: 'Mis alergias' });
      const choices = dialog.getByRole('group', { name: 'Marca tus alergias e intolerancias' });
      await choices.getByRole('checkbox', { name: 'Gluten' }).check();
      await choices.getByRole('checkbox', { name: 'Huevos' }).check();
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await confirmed(page, texts, 'Hemos avisado al personal de tus alergias.');
      await dialog.waitFor({ state: 'detached' });
      await feed.waitFor(createdFor(table.reservationId, 'call_staff', 2));

      const list = (await (await fetch(`${server.url}/world/api/allergens/list`)).json()) as {
        allergens: { id: number; code: string }[];
      };
      const saved = list.allergens.filter((allergen) => ['gluten', 'eggs'].includes(allergen.code));
      expect(saved).toHaveLength(2);
      expect((await serverGuest(uid)).allergensId).toEqual(
        saved.map((allergen) => allergen.id).sort((a, b) => a - b),
      );

      // Reopened, on this page and after a reload, the form shows what was saved.
      for (const reload of [false, true]) {
        if (reload) await page.reload();
        await openActions(page, texts);
        await page.getByRole('button', { name: 'Mis alergias' }).click();
        const reopened = page.getByRole('dialog', { name: 'Mis alergias' });
        await reopened.getByRole('checkbox', { name: 'Gluten', checked: true }).waitFor();
        await expect(reopened.getByRole('checkbox', { name: 'Huevos' }).isChecked()).resolves.toBe(true);
        await expect(reopened.getByRole('checkbox', { name: 'Pescado' }).isChecked()).resolves.toBe(false);
        await reopened.getByRole('button', { name: 'Volver' }).click();
        await page.keyboard.press('Escape');
        await reopened.waitFor({ state: 'detached' });
      }
    } finally {
      feed.close();
      await guest.close();
    }
  });

  it('sends a comment, and refuses an empty one without sending anything', async () => {
    const feed = await staffFeed(server.url, staffToken);
    const guest = await guestAtTable('Pilar');
    const { page, table, texts } = guest;
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/world/api/webcontact/sendcomment')) sent.push(request.postData() ?? '');
    });
    try {
      await openActions(page, texts);
      await page.getByRole('button', { name: 'Enviar un comentario' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enviar un comentario' });
      const comment = dialog.getByRole('textbox', { name: 'Tu comentario' });
      await comment.fill('   ');
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await dialog.getByText('Escribe tu comentario.').waitFor();
      await expect(comment.getAttribute('aria-invalid')).resolves.toBe('true');
      expect(sent).toEqual([]);

      await comment.fill('¡El pulpo estaba buenísimo!');
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await page.getByText('Comentario enviado. ¡Gracias!').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const created = await feed.waitFor(createdFor(table.reservationId, 'call_staff', 1));
      const notification = await staffNotification(created.payload.notificationId);
      expect(notification.data.comment).toBe('¡El pulpo estaba buenísimo!');
      expect(sent).toHaveLength(1);
    } finally {
      feed.close();
      await guest.close();
    }
  });

  it('greets the guest by the new name they give, which the server keeps', async () => {
    const guest = await guestAtTable('Javi');
    const { page, uid, texts } = guest;
    try {
      await page.getByText(/^Hola, Javi/).waitFor();
      await openActions(page, texts);
      await page.getByRole('button', { name: 'Cambiar mi nombre' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cambiar mi nombre' });
      const field = dialog.getByRole('textbox', { name: 'Tu nombre' });
      await expect(field.inputValue()).resolves.toBe('Javi');
      await field.fill('Javier Ortega');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText('Nombre cambiado.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(/^Hola, Javier Ortega/).waitFor();
      expect((await serverGuest(uid)).name).toBe('Javier Ortega');
    } finally {
      await guest.close();
    }
  });

  it('calls staff and asks for the bill by card in German', async () => {
    const feed = await staffFeed(server.url, staffToken);
    const guest = await guestAtTable('Lena', 'de-DE');
    const { page, table, texts } = guest;
    try {
      let dialog = await openActions(page, texts);
      await dialog.getByRole('button', { name: 'Kellner rufen' }).click();
      await confirmed(page, texts, 'Das Personal ist informiert. Gleich kommt jemand.');
      await feed.waitFor(createdFor(table.reservationId, 'call_staff', 0));

      dialog = await openActions(page, texts);
      await dialog.getByRole('button', { name: 'Rechnung anfordern' }).click();
      const bill = page.getByRole('dialog', { name: 'Rechnung anfordern' });
      await bill.getByRole('group', { name: 'Wie möchten Sie bezahlen?' }).waitFor();
      await bill.getByRole('radio', { name: 'Karte' }).check();
      await bill.getByRole('button', { name: 'Rechnung anfordern' }).click();
      await page.getByText('Ihre Rechnung ist angefordert.').waitFor();
      const asked = await feed.waitFor(createdFor(table.reservationId, 'ticket_request', 0));
      expect((await staffNotification(asked.payload.notificationId)).paymentMethod).toBe('card');
    } finally {
      feed.close();
      await guest.close();
    }
  });

  it('works with the keyboard alone, returns focus to the dock, and has no serious axe violations', async () => {
    const guest = await guestAtTable('Teo');
    const { page, texts } = guest;
    const opener = page.getByRole('button', { name: texts.open });
    /** The focused element as "TAG text", e.g. "BUTTON Enviar". */
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return `${element?.tagName ?? ''} ${element?.textContent?.trim() ?? ''}`.trim();
      });
    const focusInDialog = () =>
      page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
    /** Tabs forward until the focused element is `wanted`; fails if it never comes. */
    async function tabTo(wanted: string) {
      for (let step = 0; step < 20; step += 1) {
        if ((await focused()) === wanted) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached "${wanted}"; at "${await focused()}"`);
    }
    try {
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: texts.title });
      await dialog.waitFor();
      expect(await focusInDialog()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Escape closes it and focus is back on the dock's button.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.classList.contains('guest-menu__actions'));

      // Open again with Space; a view's first control takes focus, and going back returns to its button.
      await page.keyboard.press(' ');
      await dialog.waitFor();
      await tabTo('BUTTON Cambiar mi nombre');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Cambiar mi nombre' }).waitFor();
      expect(await focused()).toBe('INPUT');
      await tabTo('BUTTON Volver');
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      expect(await focused()).toBe('BUTTON Cambiar mi nombre');

      // The comment form, typed and sent from the keyboard.
      await tabTo('BUTTON Enviar un comentario');
      await page.keyboard.press('Enter');
      const form = page.getByRole('dialog', { name: 'Enviar un comentario' });
      await form.getByRole('textbox', { name: 'Tu comentario' }).waitFor();
      expect(await focused()).toBe('TEXTAREA');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.keyboard.type('Todo perfecto');
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('BUTTON Enviar');
      await page.keyboard.press('Enter');
      await page.getByText('Comentario enviado. ¡Gracias!').waitFor();
      await form.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.classList.contains('guest-menu__actions'));
    } finally {
      await guest.close();
    }
  });
});
