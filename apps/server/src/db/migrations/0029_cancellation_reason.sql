-- A cancelled invoice prints why it was cancelled (decision 057): the reason the cashier wrote is kept with
-- its RegistroAnulacion, which is append-only (migration 0010), so it is fixed once written. The agency is
-- not sent it: the record's hashed fields and XML are as before.
ALTER TABLE "fiscal_records" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "fiscal_records" ADD CONSTRAINT "fiscal_records_cancellation_reason_check" CHECK ("fiscal_records"."cancellation_reason" is null or "fiscal_records"."kind" = 'anulacion');
