import type { FiscalCorrection, FiscalRecordView } from '@sobremesa/contracts';
import { and, eq } from 'drizzle-orm';
import { isValidSpanishTaxId } from '@sobremesa/domain';
import type { AppContext } from '../../../context.ts';
import { appendAudit, asAdmin } from '../../../db/audit-log.ts';
import { fiscalRecords } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../http/app-error.ts';
import type { Venue } from '../../venues/venues.service.ts';
import { recordCorrection } from '../fiscal-recorder.ts';
import { recordView } from '../fiscal-records.ts';
import { recordById } from '../fiscal.repository.ts';
import { submissionsOf } from './submission.repository.ts';

/**
 * Corrects a record the agency rejected with a new one (decision 056): only a rejected record, once, and
 * the recipient only on a record that names one. The new record waits in the queue like any other.
 */
export async function correctRejectedRecord(
  ctx: AppContext,
  venue: Venue,
  actorUserId: number,
  recordId: number,
  changes: FiscalCorrection,
): Promise<FiscalRecordView> {
  if (changes.recipient && !isValidSpanishTaxId(changes.recipient.nif))
    throw new AppError(400, 'VALIDATION_FAILED', 'fiscal_correction_invalid_nif');
  const created = await ctx.db.transaction(async (tx) => {
    const rejected = await recordById(tx, venue.id, recordId);
    if (!rejected) throw notFound();
    const submission = (await submissionsOf(tx, venue.id, [rejected.id])).get(rejected.id);
    if (submission?.state !== 'rejected')
      throw new AppError(409, 'CONFLICT', 'fiscal_correction_not_rejected');
    const [existing] = await tx
      .select({ id: fiscalRecords.id })
      .from(fiscalRecords)
      .where(and(eq(fiscalRecords.venueId, venue.id), eq(fiscalRecords.correctsRecordId, rejected.id)));
    if (existing) throw new AppError(409, 'CONFLICT', 'fiscal_correction_exists');
    if (changes.recipient && !rejected.recipient)
      throw new AppError(400, 'VALIDATION_FAILED', 'fiscal_correction_no_recipient');
    const record = await recordCorrection(tx, venue, rejected, changes, ctx.clock.now());
    if (!record) throw new AppError(409, 'CONFLICT', 'fiscal_correction_disabled');
    await appendAudit(
      tx,
      venue.id,
      asAdmin({ userId: actorUserId }),
      'fiscal.record.correct',
      'fiscal_record',
      record.id,
      { recordId: rejected.id, code: submission.code, recipient: rejected.recipient },
      { recordId: record.id, recipient: record.recipient, issuerName: record.issuerName },
    );
    return record;
  });
  return recordView(created);
}
