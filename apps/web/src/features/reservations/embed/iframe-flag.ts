/**
 * Spec §2: Reserve and IframeReserve set an iframe flag. The booking routes' loaders set it (on for
 * /iframe-reservar and /widget, off for /reservar) before the form renders; it is kept as `data-iframe` on the
 * document element, so the embedded form drops our page background and lets the venue's site show through.
 */
let iframe = false;

export function setIframeFlag(value: boolean): void {
  iframe = value;
  document.documentElement.toggleAttribute('data-iframe', value);
}

/** Whether the booking form runs embedded in another site. */
export function isIframe(): boolean {
  return iframe;
}
