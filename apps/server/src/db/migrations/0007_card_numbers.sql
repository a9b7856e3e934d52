-- PCI-01 (issue 17, decision 021): no card number is ever stored. The contracts refuse a Luhn-valid sequence
-- of 13 to 19 digits (after removing spaces, dots and dashes) in any text a request carries
-- (packages/domain/src/card-numbers.ts); the database repeats the rule on the columns that keep free text
-- from outside, so a path that forgets the contract still cannot store one. NOT VALID: rows written before
-- this migration are not re-read (the constraint holds for every insert and update from now on).
CREATE OR REPLACE FUNCTION "sobremesa_has_card_number"(input text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  run text;
  width integer;
  start_at integer;
  step integer;
  digit integer;
  total integer;
BEGIN
  IF input IS NULL THEN
    RETURN false;
  END IF;
  FOR run IN
    SELECT match[1] FROM regexp_matches(regexp_replace(input, '[[:space:].-]', '', 'g'), '([0-9]{13,})', 'g') AS match
  LOOP
    FOR width IN 13..least(19, length(run)) LOOP
      FOR start_at IN 1..length(run) - width + 1 LOOP
        total := 0;
        FOR step IN 0..width - 1 LOOP
          digit := ascii(substr(run, start_at + width - 1 - step, 1)) - 48;
          IF step % 2 = 1 THEN
            digit := digit * 2;
            IF digit > 9 THEN
              digit := digit - 9;
            END IF;
          END IF;
          total := total + digit;
        END LOOP;
        IF total % 10 = 0 THEN
          RETURN true;
        END IF;
      END LOOP;
    END LOOP;
  END LOOP;
  RETURN false;
END;
$$;
--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_name_no_card_number" CHECK (NOT "sobremesa_has_card_number"("name")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_name_no_card_number" CHECK (NOT "sobremesa_has_card_number"("name")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_name_no_card_number" CHECK (NOT "sobremesa_has_card_number"("name")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_guest_comments_no_card_number" CHECK (NOT "sobremesa_has_card_number"("guest_comments")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_staff_comments_no_card_number" CHECK (NOT "sobremesa_has_card_number"("staff_comments")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "cart_session_orders" ADD CONSTRAINT "cart_session_orders_client_message_no_card_number" CHECK (NOT "sobremesa_has_card_number"("client_message")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_comments_no_card_number" CHECK (NOT "sobremesa_has_card_number"("comments")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_staff_comments_no_card_number" CHECK (NOT "sobremesa_has_card_number"("staff_comments")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "bill_client_fiscal_infos" ADD CONSTRAINT "bill_client_fiscal_infos_name_no_card_number" CHECK (NOT "sobremesa_has_card_number"("name")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "bill_client_fiscal_infos" ADD CONSTRAINT "bill_client_fiscal_infos_address_no_card_number" CHECK (NOT "sobremesa_has_card_number"("address")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "bill_client_fiscal_infos" ADD CONSTRAINT "bill_client_fiscal_infos_city_no_card_number" CHECK (NOT "sobremesa_has_card_number"("city")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_terminal_reference_no_card_number" CHECK (NOT "sobremesa_has_card_number"("terminal_reference")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "reservation_promotions" ADD CONSTRAINT "reservation_promotions_description_no_card_number" CHECK (NOT "sobremesa_has_card_number"("description")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_text_no_card_number" CHECK (NOT "sobremesa_has_card_number"("text")) NOT VALID;
--> statement-breakpoint
ALTER TABLE "cash_drawer_transactions" ADD CONSTRAINT "cash_drawer_transactions_reason_no_card_number" CHECK (NOT "sobremesa_has_card_number"("reason")) NOT VALID;
