import { X509Certificate } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import type { FiscalCertificateStatus } from '@sobremesa/contracts';
import { fiscalNif } from '@sobremesa/domain';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { AppContext } from '../../../context.ts';
import { appendAudit, asAdmin } from '../../../db/audit-log.ts';
import type { Executor } from '../../../db/database.ts';
import { fiscalCertificates } from '../../../db/schema/index.ts';
import { AppError } from '../../../http/app-error.ts';
import { openBytes, sealBytes } from './fiscal-secret.ts';

/**
 * The venue's qualified certificate for the agency (decision 056): a PKCS#12 file and its passphrase, as the
 * admin uploads them. The passphrase is checked by opening the file with OpenSSL (node's TLS, the very code
 * that later presents it); the certificate's subject and dates are read for the status. Both are stored
 * sealed with the server's secret, and no reply or log carries either.
 */

const PURPOSE_FILE = 'fiscal-certificate';

/**
 * How long before its expiry a certificate is flagged on the owner's screen: a renewed qualified certificate
 * takes days to obtain, and without one no record reaches the agency.
 */
export const CERTIFICATE_EXPIRY_WARNING_MS = 30 * 86_400_000;
const PURPOSE_PASSPHRASE = 'fiscal-certificate-passphrase';

/** A certificate as read from its PKCS#12 file. */
export interface CertificateFacts {
  readonly subject: string;
  readonly subjectNif: string;
  readonly issuer: string;
  readonly serialNumber: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
}

/**
 * The NIF a Spanish qualified certificate names: a company seal or representative's certificate carries
 * it as organizationIdentifier (`VATES-B12345678`); a person's as serialNumber (`IDCES-12345678Z`).
 */
export function nifOfSubject(subject: string): string {
  const fields = new Map(
    subject.split('\n').map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)] as const;
    }),
  );
  const organization = fields.get('organizationIdentifier') ?? fields.get('2.5.4.97');
  if (organization) return fiscalNif(organization.replace(/^VAT[A-Z]{2}-/, ''));
  const serial = fields.get('serialNumber');
  if (serial) return fiscalNif(serial.replace(/^(IDC|PAS)[A-Z]{2}-/, ''));
  return '';
}

/** Opens a PKCS#12 file: 400 when it is not one or the passphrase does not open it. */
export function readPkcs12(pkcs12: Buffer, passphrase: string): CertificateFacts {
  try {
    createSecureContext({ pfx: pkcs12, passphrase });
  } catch (error) {
    const message = String((error as Error).message);
    if (/mac verify failure|bad decrypt|invalid password/i.test(message))
      throw new AppError(400, 'VALIDATION_FAILED', 'fiscal_certificate_passphrase');
    throw new AppError(400, 'VALIDATION_FAILED', 'fiscal_certificate_unreadable');
  }
  let certificates: X509Certificate[];
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(pkcs12.toString('binary')));
    const p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
    const certBag = forge.pki.oids.certBag as string;
    const bags: forge.pkcs12.Bag[] = p12.getBags({ bagType: certBag })[certBag] ?? [];
    certificates = bags.flatMap((bag) =>
      bag.asn1 ? [new X509Certificate(Buffer.from(forge.asn1.toDer(bag.asn1).getBytes(), 'binary'))] : [],
    );
  } catch {
    throw new AppError(400, 'VALIDATION_FAILED', 'fiscal_certificate_unreadable');
  }
  // The file may carry the issuing chain too: the venue's certificate is the one that is not a CA.
  const own = certificates.find((certificate) => !certificate.ca) ?? certificates[0];
  if (!own) throw new AppError(400, 'VALIDATION_FAILED', 'fiscal_certificate_unreadable');
  return {
    subject: own.subject,
    subjectNif: nifOfSubject(own.subject),
    issuer: own.issuer,
    serialNumber: own.serialNumber,
    notBefore: new Date(own.validFrom),
    notAfter: new Date(own.validTo),
  };
}

function secretOf(ctx: AppContext): Buffer {
  const secret = ctx.settings.fiscal?.secretKey;
  if (!secret) throw new AppError(409, 'CONFLICT', 'fiscal_secret_missing');
  return secret;
}

/** Stores (or replaces) the venue's certificate after checking it opens; answers its status. */
export async function storeCertificate(
  ctx: AppContext,
  venueId: number,
  actorUserId: number,
  pkcs12: Buffer,
  passphrase: string,
): Promise<FiscalCertificateStatus> {
  const secret = secretOf(ctx);
  const facts = readPkcs12(pkcs12, passphrase);
  const context = `venue:${venueId}`;
  const row = {
    venueId,
    sealedPkcs12: sealBytes(secret, PURPOSE_FILE, context, pkcs12),
    sealedPassphrase: sealBytes(secret, PURPOSE_PASSPHRASE, context, Buffer.from(passphrase, 'utf8')),
    ...facts,
    uploadedAt: ctx.clock.now(),
  };
  const status = statusOf(row, ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    const before = await storedStatus(tx, venueId, ctx.clock.now());
    await tx
      .insert(fiscalCertificates)
      .values(row)
      .onConflictDoUpdate({ target: fiscalCertificates.venueId, set: row });
    // The audit names the certificate (subject, serial, dates), never its content or passphrase (SEC-11).
    await appendAudit(
      tx,
      venueId,
      asAdmin({ userId: actorUserId }),
      'fiscal.certificate.upload',
      'fiscal_certificate',
      venueId,
      before,
      status,
    );
  });
  return status;
}

function statusOf(
  row: Pick<typeof fiscalCertificates.$inferSelect, keyof CertificateFacts | 'uploadedAt'>,
  now: Date,
): FiscalCertificateStatus {
  return {
    present: true,
    subject: row.subject.split('\n').join(', '),
    subjectNif: row.subjectNif,
    issuer: row.issuer.split('\n').join(', '),
    serialNumber: row.serialNumber,
    notBefore: row.notBefore.toISOString(),
    notAfter: row.notAfter.toISOString(),
    expired: row.notAfter.getTime() <= now.getTime(),
    expiresSoon:
      row.notAfter.getTime() > now.getTime() &&
      row.notAfter.getTime() - now.getTime() <= CERTIFICATE_EXPIRY_WARNING_MS,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

/** What the admin sees of the stored certificate: never the file, the key or the passphrase. */
export function certificateStatus(ctx: AppContext, venueId: number): Promise<FiscalCertificateStatus> {
  return storedStatus(ctx.db, venueId, ctx.clock.now());
}

async function storedStatus(db: Executor, venueId: number, now: Date): Promise<FiscalCertificateStatus> {
  const [row] = await db.select().from(fiscalCertificates).where(eq(fiscalCertificates.venueId, venueId));
  if (!row) return { present: false };
  return statusOf(row, now);
}

/** The venue's certificate opened for a TLS connection, or undefined when none is stored. */
export async function certificateForTls(
  db: Executor,
  secret: Buffer,
  venueId: number,
): Promise<{ pfx: Buffer; passphrase: string; notAfter: Date } | undefined> {
  const [row] = await db.select().from(fiscalCertificates).where(eq(fiscalCertificates.venueId, venueId));
  if (!row) return undefined;
  const context = `venue:${venueId}`;
  return {
    pfx: openBytes(secret, PURPOSE_FILE, context, row.sealedPkcs12),
    passphrase: openBytes(secret, PURPOSE_PASSPHRASE, context, row.sealedPassphrase).toString('utf8'),
    notAfter: row.notAfter,
  };
}
