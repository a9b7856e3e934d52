import { venueSettingsSchema } from '@sobremesa/contracts';
import { isSpanishPostalCode, isValidSpanishTaxId, normalizeSpanishTaxId } from '@sobremesa/domain';
import { z } from 'zod';

/**
 * What an admin's settings write must meet beyond the stored document's shape (decisions 031, 076). The
 * rules hold for what is sent, not for what is stored: a venue saved before a rule existed still loads,
 * and meets the rule the next time that group is saved.
 */

/**
 * An embedding site as `frame-ancestors` (SEC-08) and `postMessage` need it: an exact http(s) origin
 * (`https://www.example.com`, `http://127.0.0.1:8080`), no path, query, credentials or wildcard. A
 * trailing slash is accepted and dropped, so what is stored is always the bare origin.
 */
export const embedOriginSchema = z
  .string()
  .max(300)
  .transform((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: 'Expected an origin such as https://www.example.com' });
      return z.NEVER;
    }
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      !bare ||
      !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/i.test(url.hostname) ||
      value.replace(/\/$/, '').toLowerCase() !== url.origin.toLowerCase()
    ) {
      context.addIssue({
        code: 'custom',
        message: 'Expected an origin such as https://www.example.com (scheme, host and port only)',
      });
      return z.NEVER;
    }
    return url.origin;
  });

/**
 * The venue's own NIF as invoices print it: stored in capitals without separators, and refused when its
 * check character is wrong (the tax agency rejects such invoices) or when there is none.
 */
const fiscalTaxIdSchema = z
  .string({ message: 'Escribe el NIF' })
  .max(20, 'Como mucho 20 caracteres')
  .transform(normalizeSpanishTaxId)
  .refine((value) => value === '' || isValidSpanishTaxId(value), {
    message: 'Not a valid Spanish NIF: check its last character',
  })
  .refine((value) => value !== '', { message: 'Escribe el NIF' });

/**
 * The ticket series as the database keeps invoice series (`invoice_series_name_check`): letters, digits,
 * `/`, `_` and `-`, with room for the `F` or `R` that names its complete and corrective series. The
 * agency's NumSerieFactura (at most 60 characters) is the series, a dash and the number: 20 + 1 + at most
 * 19 digits fits. A ticket cannot be numbered without one, so an empty series is refused.
 */
const invoiceSeriesSchema = z
  .string({ message: 'Escribe la serie de las facturas' })
  .trim()
  .min(1, 'Escribe la serie de las facturas')
  .regex(/^[A-Za-z0-9/_-]{0,19}$/, { message: 'Up to 19 letters, digits, /, _ or -' });

/**
 * The issuer on every ticket, invoice and VERI*FACTU record: the legal name (the agency's NombreRazon,
 * at most 120 characters), the NIF, the series and a Spanish postal code are required; the street and
 * town may wait.
 */
export const fiscalInfoUpdateSchema = z.object({
  legalName: z
    .string({ message: 'Escribe la razón social' })
    .trim()
    .min(1, 'Escribe la razón social')
    .max(120, 'Como mucho 120 caracteres'),
  taxId: fiscalTaxIdSchema,
  address: z.string().trim().max(200, 'Como mucho 200 caracteres').default(''),
  postalCode: z
    .string({ message: 'Un código postal español: 5 cifras, de 01000 a 52999' })
    .trim()
    .refine(isSpanishPostalCode, { message: 'Un código postal español: 5 cifras, de 01000 a 52999' }),
  city: z.string().trim().max(100, 'Como mucho 100 caracteres').default(''),
  invoiceSeries: invoiceSeriesSchema,
});

/** Whether the stored fiscal data would be saved as it is: what VERI*FACTU needs switched on (decision 076). */
export function isCompleteFiscalInfo(fiscalInfo: unknown): boolean {
  return fiscalInfoUpdateSchema.safeParse(fiscalInfo).success;
}

/**
 * A link the venue gives its guests to open (its map, its review page): a whole `https://` address with
 * a public host name, no credentials and no spaces. What a guest's phone opens from a QR or a tap must be
 * a page, never a script or a half-pasted fragment.
 */
function isHttpsLink(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    /^([a-z0-9-]+\.)+[a-z]{2,63}$/i.test(url.hostname)
  );
}

/** The venue's map and review links: empty, or a whole https address a guest's phone can open. */
export const guestLinkSchema = z
  .string()
  .trim()
  .max(500, 'Como mucho 500 caracteres')
  .refine((value) => value === '' || isHttpsLink(value), {
    message: 'Pega el enlace completo, que empiece por https://',
  });

/** The ways the TPV takes payment: at least one, or no bill could be paid. */
export const paymentConfigUpdateSchema = venueSettingsSchema.shape.paymentConfig.unwrap().extend({
  methods: z
    .array(z.enum(['cash', 'card', 'other']))
    .min(1, 'Elige al menos una forma de pago')
    .default(['cash', 'card']),
});

/** The guests' ordering service: its name is what the owner and the staff know it by. */
export const menuOrderConfigUpdateSchema = venueSettingsSchema.shape.defaultMenuOrderConfig.unwrap().extend({
  name: z
    .string({ message: 'Escribe el nombre del servicio de pedidos' })
    .trim()
    .min(1, 'Escribe el nombre del servicio de pedidos')
    .max(80, 'Como mucho 80 caracteres'),
});

/** The point-of-sale app the venue works with (`WEPOS`, Sobremesa's own, or an external one's name). */
export const posProviderSchema = z
  .string({ message: 'Escribe el nombre del TPV' })
  .trim()
  .min(1, 'Escribe el nombre del TPV')
  .max(40, 'Como mucho 40 caracteres');

/** The names of the venue's services (spec §3 `menuServices`: lunch, dinner...), each one named. */
export const menuServicesSchema = z
  .array(z.string().trim().min(1, 'Pon un nombre al servicio').max(40, 'Como mucho 40 caracteres'))
  .max(30);
