/** The test acquirer's pages: plain HTML a tester (or a browser test) fills in, accessible and phone-sized. */

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const euros = (cents: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(cents / 100);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 28rem; padding: 1rem; }
label { display: block; margin-top: 1rem; font-weight: 600; }
input { box-sizing: border-box; width: 100%; font-size: 1.1rem; padding: 0.6rem; margin-top: 0.3rem; }
button { margin-top: 1.5rem; width: 100%; min-height: 3rem; font-size: 1.1rem; background: #1d4ed8; color: #fff; border: 0; border-radius: 0.4rem; }
.note { color: #444; font-size: 0.9rem; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The hosted card form of one payment session. */
export function cardPage(session: string, amountCents: number, description: string): string {
  return page(
    'Pago con tarjeta',
    `<h1>Pago con tarjeta</h1>
<p>${escape(description)}</p>
<p>Importe: <strong>${escape(euros(amountCents))}</strong></p>
<p class="note">Adquirente de pruebas: la tarjeta 4548 8120 4940 0004 se autoriza, cualquier otra se deniega.</p>
<form method="post" action="/sis/pagar">
<input type="hidden" name="session" value="${escape(session)}">
<label for="card">Número de tarjeta</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Caducidad (MM/AA)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" required>
<label for="cvv">CVV</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">Pagar</button>
</form>`,
  );
}

export function resultPage(message: string): string {
  return page('Pago con tarjeta', `<h1>Pago con tarjeta</h1><p role="alert">${escape(message)}</p>`);
}
