ALTER TABLE "refunds" ADD COLUMN "payment_attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_failure_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_attempt_positive" CHECK ("refunds"."payment_attempt" >= 1);