import { and, eq } from 'drizzle-orm';
import type { Clock, FiscalServerSettings } from '../../../context.ts';
import type { Database, Executor } from '../../../db/database.ts';
import { fiscalBatches, fiscalSubmissions } from '../../../db/schema/index.ts';
import { fiscalSettingsOf } from '../fiscal-settings.ts';
import { recordAt, type FiscalRecordRow } from '../fiscal.repository.ts';
import { MAX_RECORDS_PER_MESSAGE, submissionMessage } from '../fiscal-xml.ts';
import { postToAgency } from './agency-client.ts';
import {
  AgencyFault,
  DUPLICATE_CODE,
  parseAgencyReply,
  soapEnvelope,
  type AgencyReply,
} from './agency-soap.ts';
import { certificateForTls } from './fiscal-certificate.ts';
import {
  issuersWithWork,
  lockSender,
  openBatch,
  pendingRecords,
  recordsOfBatch,
  setNextSendAt,
  type FiscalBatchRow,
} from './submission.repository.ts';

/**
 * The VERI*FACTU submission queue (issue 23 item 5, decision 056). Per issuer NIF, records go to the agency
 * in chain order, at most 1,000 a message, and no sooner than the TiempoEsperaEnvio of the last reply (or
 * at once when 1,000 are waiting). A batch is written `in_flight` with its records before it is sent: if
 * the process dies or the network fails, the same batch is sent again once its lease ends. The agency knows
 * each record by its identity and answers one it already holds as a duplicate (code 3000), which is stored
 * as accepted, so no record is accepted twice and none is lost.
 */

export interface SubmitterOptions {
  readonly db: Database;
  readonly clock: Clock;
  readonly settings: FiscalServerSettings;
  /** The wait after a failed attempt, by attempts made (default {@link retryDelayMs}). */
  readonly retryDelay?: (attempts: number) => number;
  /** Where problems go (the server's logger); never given the certificate or a message's content. */
  readonly log?: (message: string, fields: Record<string, unknown>) => void;
}

/** What one issuer's turn did. */
export type IssuerOutcome =
  | { readonly kind: 'idle' | 'waiting' }
  | { readonly kind: 'answered'; readonly batchId: number; readonly reply: AgencyReply }
  | { readonly kind: 'failed'; readonly batchId: number; readonly error: string };

/** After a failed attempt: 30 s, 1, 2, 4… minutes, at most 15. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 15 * 60_000);
}

/** A batch is leased to its sender for the send timeout and this margin; then another sender may retry. */
const LEASE_MARGIN_MS = 5_000;

interface Claimed {
  readonly batch: FiscalBatchRow;
  readonly records: FiscalRecordRow[];
}

/** Under the issuer's sender lock: the batch in flight whose lease ended, or a new one when allowed. */
async function claim(
  options: SubmitterOptions,
  venueId: number,
  issuerNif: string,
): Promise<Claimed | 'waiting' | null> {
  const now = options.clock.now();
  const lease = new Date(now.getTime() + options.settings.sendTimeoutMs + LEASE_MARGIN_MS);
  return options.db.transaction(async (tx) => {
    const nextSendAt = await lockSender(tx, venueId, issuerNif);
    const open = await openBatch(tx, venueId, issuerNif);
    if (open) {
      if (open.notBefore.getTime() > now.getTime()) return 'waiting';
      const [batch] = await tx
        .update(fiscalBatches)
        .set({ notBefore: lease, attempts: open.attempts + 1 })
        .where(eq(fiscalBatches.id, open.id))
        .returning();
      return { batch: batch!, records: await recordsOfBatch(tx, venueId, open.id) };
    }
    const records = await pendingRecords(tx, venueId, issuerNif, MAX_RECORDS_PER_MESSAGE);
    if (records.length === 0) return null;
    // Flow control: wait for the agency's TiempoEsperaEnvio unless a full message is waiting.
    if (nextSendAt && nextSendAt.getTime() > now.getTime() && records.length < MAX_RECORDS_PER_MESSAGE)
      return 'waiting';
    const [batch] = await tx
      .insert(fiscalBatches)
      .values({ venueId, issuerNif, recordCount: records.length, attempts: 1, notBefore: lease })
      .returning();
    await tx.insert(fiscalSubmissions).values(
      records.map((record) => ({
        recordId: record.id,
        venueId,
        batchId: batch!.id,
        state: 'sent',
        updatedAt: now,
      })),
    );
    return { batch: batch!, records };
  });
}

/** The message of a batch: each record with the record before it in its chain. */
async function messageOf(db: Executor, records: readonly FiscalRecordRow[]): Promise<string> {
  const linked = [];
  for (const [index, record] of records.entries()) {
    const before = records[index - 1];
    const previous =
      before && before.seq === record.seq - 1
        ? before
        : record.seq > 1
          ? ((await recordAt(
              db,
              record.venueId,
              record.issuerNif,
              record.installationNumber,
              record.seq - 1,
            )) ?? null)
          : null;
    linked.push({ record, previous });
  }
  const last = records[records.length - 1]!;
  return submissionMessage({ name: last.issuerName, nif: last.issuerNif }, linked, {
    producerName: last.issuerName,
    producerNif: last.issuerNif,
    installationNumber: last.installationNumber,
  });
}

type Verdict = {
  state: 'accepted' | 'accepted_with_errors' | 'rejected';
  code: string | null;
  description: string | null;
};

function verdictOf(line: AgencyReply['lines'][number]): Verdict {
  const code = line.CodigoErrorRegistro ?? null;
  const description = line.DescripcionErrorRegistro ?? null;
  if (line.EstadoRegistro === 'Correcto') return { state: 'accepted', code, description };
  if (line.EstadoRegistro === 'AceptadoConErrores')
    return { state: 'accepted_with_errors', code, description };
  // Sent before (a reply lost, a crash after sending): the agency holds it, so it is accepted, once.
  if (code === DUPLICATE_CODE)
    return {
      state: line.EstadoRegistroDuplicado === 'AceptadaConErrores' ? 'accepted_with_errors' : 'accepted',
      code,
      description,
    };
  return { state: 'rejected', code, description };
}

/** Stores a reply, if the batch is still this attempt's (a slower sender's late reply is dropped). */
async function storeReply(options: SubmitterOptions, claimed: Claimed, reply: AgencyReply): Promise<boolean> {
  const now = options.clock.now();
  const { batch, records } = claimed;
  return options.db.transaction(async (tx) => {
    const [still] = await tx
      .update(fiscalBatches)
      .set({
        state: 'answered',
        answeredAt: now,
        estadoEnvio: reply.EstadoEnvio,
        csv: reply.CSV ?? null,
        waitSeconds: reply.TiempoEsperaEnvio,
        lastError: null,
      })
      .where(
        and(
          eq(fiscalBatches.id, batch.id),
          eq(fiscalBatches.state, 'in_flight'),
          eq(fiscalBatches.attempts, batch.attempts),
        ),
      )
      .returning({ id: fiscalBatches.id });
    if (!still) return false;
    for (const record of records) {
      const operation = record.kind === 'anulacion' ? 'Anulacion' : 'Alta';
      const line = reply.lines.find(
        (candidate) =>
          candidate.NumSerieFactura === record.numSerie &&
          candidate.FechaExpedicionFactura === record.fechaExpedicion &&
          candidate.IDEmisorFactura === record.issuerNif &&
          candidate.TipoOperacion === operation,
      );
      if (!line) {
        // Not answered: back to pending, for the next message.
        await tx.delete(fiscalSubmissions).where(eq(fiscalSubmissions.recordId, record.id));
        continue;
      }
      const verdict = verdictOf(line);
      await tx
        .update(fiscalSubmissions)
        .set({ ...verdict, updatedAt: now })
        .where(eq(fiscalSubmissions.recordId, record.id));
    }
    await setNextSendAt(
      tx,
      batch.venueId,
      batch.issuerNif,
      new Date(now.getTime() + reply.TiempoEsperaEnvio * 1000),
    );
    return true;
  });
}

/** A refused message (a SOAP Fault with the agency's code): each of its records is rejected with it. */
function refusedReply(records: readonly FiscalRecordRow[], fault: AgencyFault): AgencyReply {
  return {
    EstadoEnvio: 'Incorrecto',
    TiempoEsperaEnvio: 60,
    lines: records.map((record) => ({
      IDEmisorFactura: record.issuerNif,
      NumSerieFactura: record.numSerie,
      FechaExpedicionFactura: record.fechaExpedicion,
      TipoOperacion: record.kind === 'anulacion' ? 'Anulacion' : 'Alta',
      EstadoRegistro: 'Incorrecto',
      CodigoErrorRegistro: fault.code,
      DescripcionErrorRegistro: fault.message,
    })),
  };
}

async function storeFailure(options: SubmitterOptions, claimed: Claimed, error: string): Promise<void> {
  const now = options.clock.now();
  await options.db
    .update(fiscalBatches)
    .set({
      lastError: error.slice(0, 500),
      notBefore: new Date(now.getTime() + (options.retryDelay ?? retryDelayMs)(claimed.batch.attempts)),
    })
    .where(
      and(
        eq(fiscalBatches.id, claimed.batch.id),
        eq(fiscalBatches.state, 'in_flight'),
        eq(fiscalBatches.attempts, claimed.batch.attempts),
      ),
    );
}

/** One issuer's turn: claims a batch (or takes back one in flight), sends it and stores the reply. */
export async function submitIssuer(
  options: SubmitterOptions,
  venueId: number,
  issuerNif: string,
): Promise<IssuerOutcome> {
  const certificate = await certificateForTls(options.db, options.settings.secretKey, venueId);
  if (!certificate) return { kind: 'idle' };
  const claimed = await claim(options, venueId, issuerNif);
  if (claimed === null) return { kind: 'idle' };
  if (claimed === 'waiting') return { kind: 'waiting' };
  const { environment } = await fiscalSettingsOf(options.db, venueId);
  let response: { status: number; body: string };
  try {
    response = await postToAgency({
      url: options.settings.agencyUrls[environment],
      pfx: certificate.pfx,
      passphrase: certificate.passphrase,
      body: soapEnvelope(await messageOf(options.db, claimed.records)),
      timeoutMs: options.settings.sendTimeoutMs,
      extraCa: options.settings.agencyCa,
    });
  } catch (error) {
    const message = (error as Error).message;
    options.log?.('fiscal batch not delivered; it will be sent again', {
      batchId: claimed.batch.id,
      error: message,
    });
    await storeFailure(options, claimed, message);
    return { kind: 'failed', batchId: claimed.batch.id, error: message };
  }
  let reply: AgencyReply;
  try {
    reply = parseAgencyReply(response.body);
  } catch (error) {
    const fault = error as AgencyFault;
    // A fault naming the agency's code refuses the message for good; anything else may pass on a retry.
    if (fault instanceof AgencyFault && fault.code) {
      reply = refusedReply(claimed.records, fault);
    } else {
      const message = `HTTP ${response.status}: ${String(fault.message)}`;
      options.log?.('fiscal batch got no usable reply; it will be sent again', {
        batchId: claimed.batch.id,
        error: message,
      });
      await storeFailure(options, claimed, message);
      return { kind: 'failed', batchId: claimed.batch.id, error: message };
    }
  }
  await storeReply(options, claimed, reply);
  return { kind: 'answered', batchId: claimed.batch.id, reply };
}

/** One pass over every issuer with work. */
export async function submitDue(options: SubmitterOptions): Promise<IssuerOutcome[]> {
  const outcomes = [];
  for (const { venueId, issuerNif } of await issuersWithWork(options.db)) {
    try {
      outcomes.push(await submitIssuer(options, venueId, issuerNif));
    } catch (error) {
      options.log?.('fiscal submission pass failed', { venueId, error: (error as Error).message });
    }
  }
  return outcomes;
}

/** The queue's loop: a pass every `intervalMs`; `stop` waits for the pass under way. */
export function startFiscalSubmitter(options: SubmitterOptions & { intervalMs: number }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = submitDue(options)
      .catch((error: unknown) => options.log?.('fiscal submission pass failed', { error: String(error) }))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
