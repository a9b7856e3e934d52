/**
 * The QR printed on every ticket and invoice (FIS-04): the AEAT's checking service with `nif`, `numserie`,
 * `fecha` (dd-mm-yyyy) and `importe`, in that order, each value URL-encoded as UTF-8 (a `+` or `/` in a
 * series survives as `%2B` / `%2F`).
 */

export const AEAT_QR_BASE = {
  production: 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR',
  test: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
} as const;
export type AeatEnvironment = keyof typeof AEAT_QR_BASE;

export interface QrFields {
  readonly nif: string;
  readonly numserie: string;
  readonly fecha: string;
  readonly importe: string;
}

export function fiscalQrUrl(environment: AeatEnvironment, fields: QrFields): string {
  const query = (['nif', 'numserie', 'fecha', 'importe'] as const)
    .map((name) => `${name}=${encodeURIComponent(fields[name])}`)
    .join('&');
  return `${AEAT_QR_BASE[environment]}?${query}`;
}

/** The words printed above and below the QR (Orden HAC/1177/2024 art. 21). */
export const QR_CAPTION_ABOVE = 'QR tributario:';
export const QR_CAPTION_BELOW = 'VERI*FACTU';
