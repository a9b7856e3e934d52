import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { bills } from './billing.ts';
import { createdAt, instant, venueId } from './columns.ts';
import { venues } from './venues.ts';

/** One VAT rate of a record's breakdown, as the XML carries it (`10.00`, `11.82`, `1.18`). */
export interface FiscalBreakdownLine {
  readonly TipoImpositivo: string;
  readonly BaseImponibleOimporteNoSujeto: string;
  readonly CuotaRepercutida: string;
}

/**
 * VERI*FACTU (issue 23, decision 032). A venue's fiscal settings: on by default, so a venue that never
 * opens the screen still records every document; the installation number names its till in the records.
 */
export const fiscalSettings = pgTable(
  'fiscal_settings',
  {
    venueId: venueId()
      .primaryKey()
      .references(() => venues.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    installationNumber: text('installation_number').notNull().default('1'),
    /** Which AEAT service the QR points at and records go to: production or test. */
    environment: text('environment').notNull().default('production'),
    createdAt: createdAt(),
  },
  (t) => [
    check('fiscal_settings_environment_check', sql`${t.environment} in ('production', 'test')`),
    check('fiscal_settings_installation_check', sql`${t.installationNumber} ~ '^[A-Za-z0-9._-]{1,100}$'`),
  ],
);

/**
 * The head of one chain (issuer NIF + installation, FIS-02): taking its row lock serialises appends, and
 * it keeps the last link so the next record needs no scan. It moves only with the record appended in
 * the same transaction.
 */
export const fiscalChains = pgTable(
  'fiscal_chains',
  {
    venueId: venueId().references(() => venues.id),
    issuerNif: text('issuer_nif').notNull(),
    installationNumber: text('installation_number').notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    lastHuella: text('last_huella').notNull().default(''),
    lastGeneratedAt: instant('last_generated_at'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.issuerNif, t.installationNumber] })],
);

/**
 * One billing record (RegistroAlta or RegistroAnulacion), append-only (a trigger of migration 0010
 * refuses UPDATE, DELETE and TRUNCATE). The AEAT strings are stored exactly as hashed, with the hash
 * input verbatim, so the chain can be checked from the table alone.
 */
export const fiscalRecords = pgTable(
  'fiscal_records',
  {
    id: serial('id').primaryKey(),
    // No cascade: records outlive the venue's other data (kept for the tax authority).
    venueId: venueId().references(() => venues.id),
    issuerNif: text('issuer_nif').notNull(),
    installationNumber: text('installation_number').notNull(),
    /** Position in its chain, from 1. */
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    billId: integer('bill_id').notNull(),
    /** F1, F2, F3, R1-R5 (alta only). */
    invoiceType: text('invoice_type'),
    numSerie: text('num_serie').notNull(),
    fechaExpedicion: text('fecha_expedicion').notNull(),
    cuotaTotal: text('cuota_total'),
    importeTotal: text('importe_total'),
    /** F3: the ticket it replaces; R*: the invoice it corrects. */
    relatedNumSerie: text('related_num_serie'),
    relatedFechaExpedicion: text('related_fecha_expedicion'),
    huellaAnterior: text('huella_anterior').notNull(),
    fechaHoraHuso: text('fecha_hora_huso').notNull(),
    generatedAt: instant('generated_at').notNull(),
    hashInput: text('hash_input').notNull(),
    huella: text('huella').notNull(),
    qrUrl: text('qr_url'),
    /**
     * What the record's XML says beyond the hashed fields, fixed at issue like the rest (alta only): the
     * issuer's name, the VAT breakdown as AEAT strings, the named recipient of an F1/F3.
     */
    issuerName: text('issuer_name').notNull().default(''),
    breakdown: jsonb('breakdown').$type<FiscalBreakdownLine[]>(),
    recipient: jsonb('recipient').$type<{ name: string; nif: string }>(),
    /**
     * A correction after the agency rejected a record (decision 056): a new record of the same invoice with
     * `Subsanacion` S and `RechazoPrevio` S, naming the rejected one. Null on every first record.
     */
    correctsRecordId: integer('corrects_record_id').references((): AnyPgColumn => fiscalRecords.id),
    subsanacion: text('subsanacion'),
    rechazoPrevio: text('rechazo_previo'),
    /**
     * Why the invoice was cancelled, as the cashier wrote it (first RegistroAnulacion only, decision 057):
     * printed on the cancelled invoice, never sent to the agency.
     */
    cancellationReason: text('cancellation_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('fiscal_records_chain_seq_key').on(t.venueId, t.issuerNif, t.installationNumber, t.seq),
    // One first record of each kind per bill; its corrections follow it, one per rejected record.
    uniqueIndex('fiscal_records_bill_kind_key')
      .on(t.venueId, t.billId, t.kind)
      .where(sql`${t.correctsRecordId} is null`),
    uniqueIndex('fiscal_records_corrects_key').on(t.correctsRecordId),
    index('fiscal_records_generated_idx').on(t.venueId, t.generatedAt),
    foreignKey({
      name: 'fiscal_records_bill_fk',
      columns: [t.venueId, t.billId],
      foreignColumns: [bills.venueId, bills.id],
    }),
    check('fiscal_records_kind_check', sql`${t.kind} in ('alta', 'anulacion')`),
    check(
      'fiscal_records_cancellation_reason_check',
      sql`${t.cancellationReason} is null or ${t.kind} = 'anulacion'`,
    ),
    check('fiscal_records_seq_check', sql`${t.seq} >= 1`),
    check(
      'fiscal_records_alta_check',
      sql`${t.kind} = 'anulacion' or (${t.invoiceType} in ('F1','F2','F3','R1','R2','R3','R4','R5')
        and ${t.cuotaTotal} is not null and ${t.importeTotal} is not null)`,
    ),
    check(
      'fiscal_records_subsanacion_check',
      sql`${t.subsanacion} is null or ${t.subsanacion} in ('S', 'N')`,
    ),
    check(
      'fiscal_records_rechazo_previo_check',
      sql`${t.rechazoPrevio} is null or ${t.rechazoPrevio} in ('S', 'N', 'X')`,
    ),
    check('fiscal_records_huella_check', sql`${t.huella} ~ '^[0-9A-F]{64}$'`),
    check(
      'fiscal_records_previous_check',
      sql`(${t.seq} = 1 and ${t.huellaAnterior} = '') or (${t.seq} > 1 and ${t.huellaAnterior} ~ '^[0-9A-F]{64}$')`,
    ),
  ],
);

/**
 * One message to the agency (decision 056): written as `in_flight` with its records before it is sent, so
 * a crash or a lost reply leaves it to be sent again (the agency answers a record it already has as a
 * duplicate, which counts as accepted). `not_before` is the lease of the sender on it and the back-off
 * after a failed attempt; `answered` once its reply is stored.
 */
export const fiscalBatches = pgTable(
  'fiscal_batches',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id),
    issuerNif: text('issuer_nif').notNull(),
    state: text('state').notNull().default('in_flight'),
    recordCount: integer('record_count').notNull(),
    attempts: integer('attempts').notNull().default(0),
    notBefore: instant('not_before').notNull(),
    lastError: text('last_error'),
    /** The agency's reply: EstadoEnvio, its CSV (the receipt) and the TiempoEsperaEnvio it asked for. */
    estadoEnvio: text('estado_envio'),
    csv: text('csv'),
    waitSeconds: integer('wait_seconds'),
    answeredAt: instant('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('fiscal_batches_open_idx')
      .on(t.venueId, t.issuerNif)
      .where(sql`${t.state} = 'in_flight'`),
    check('fiscal_batches_state_check', sql`${t.state} in ('in_flight', 'answered')`),
    check('fiscal_batches_count_check', sql`${t.recordCount} between 1 and 1000`),
  ],
);

/**
 * Where a record is on its way to the agency (decision 056). No row: pending. `sent` with its batch until
 * the reply, then `accepted`, `accepted_with_errors` or `rejected` with the agency's code and text.
 */
export const fiscalSubmissions = pgTable(
  'fiscal_submissions',
  {
    recordId: integer('record_id')
      .primaryKey()
      .references(() => fiscalRecords.id),
    venueId: venueId().references(() => venues.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => fiscalBatches.id),
    state: text('state').notNull(),
    code: text('code'),
    description: text('description'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('fiscal_submissions_batch_idx').on(t.batchId),
    check(
      'fiscal_submissions_state_check',
      sql`${t.state} in ('sent', 'accepted', 'accepted_with_errors', 'rejected')`,
    ),
  ],
);

/** Flow control per issuer: no message before `next_send_at` (the agency's TiempoEsperaEnvio). */
export const fiscalSenders = pgTable(
  'fiscal_senders',
  {
    venueId: venueId().references(() => venues.id),
    issuerNif: text('issuer_nif').notNull(),
    nextSendAt: instant('next_send_at'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.issuerNif] })],
);

/**
 * The venue's qualified certificate for the agency (decision 056): the PKCS#12 file and its passphrase, each
 * sealed with AES-256-GCM under the server's secret (never in the database in clear, never logged, never
 * in a reply), and what the status shows of it.
 */
export const fiscalCertificates = pgTable('fiscal_certificates', {
  venueId: venueId()
    .primaryKey()
    .references(() => venues.id, { onDelete: 'cascade' }),
  sealedPkcs12: text('sealed_pkcs12').notNull(),
  sealedPassphrase: text('sealed_passphrase').notNull(),
  subject: text('subject').notNull(),
  subjectNif: text('subject_nif').notNull(),
  issuer: text('issuer').notNull(),
  serialNumber: text('serial_number').notNull(),
  notBefore: instant('not_before').notNull(),
  notAfter: instant('not_after').notNull(),
  uploadedAt: instant('uploaded_at').notNull(),
});
