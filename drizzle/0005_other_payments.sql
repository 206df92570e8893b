ALTER TYPE "public"."refund_origin" ADD VALUE 'duplicate_payment';--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_other_payment" ON "refunds" USING btree ("payment_id") WHERE "refunds"."payment_id" IS NOT NULL;