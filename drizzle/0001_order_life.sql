CREATE TYPE "public"."refund_origin" AS ENUM('request', 'event_cancelled', 'late_payment');--> statement-breakpoint
DROP INDEX "refunds_one_open_per_order";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_error" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "ticket_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "origin" "refund_origin" DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_id_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
UPDATE "tickets" SET "refund_id" = r."id" FROM "refunds" r WHERE r."order_id" = "tickets"."order_id" AND r."status" <> 'rejected';--> statement-breakpoint
UPDATE "refunds" r SET "ticket_count" = (SELECT count(*) FROM "tickets" t WHERE t."order_id" = r."order_id");
