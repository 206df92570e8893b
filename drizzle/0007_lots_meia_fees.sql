CREATE TYPE "public"."concession" AS ENUM('student', 'id_jovem', 'pcd', 'pcd_companion', 'senior');--> statement-breakpoint
CREATE TABLE "ticket_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"price_centavos" integer NOT NULL,
	"quantity" integer NOT NULL,
	"remaining" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_lots_position_positive" CHECK ("ticket_lots"."position" >= 1),
	CONSTRAINT "ticket_lots_price_non_negative" CHECK ("ticket_lots"."price_centavos" >= 0),
	CONSTRAINT "ticket_lots_stock" CHECK ("ticket_lots"."remaining" >= 0 AND "ticket_lots"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ticket_types" DROP CONSTRAINT "ticket_types_price_non_negative";--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_value_positive";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_non_negative";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_consistent";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_tickets_per_order" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_tickets_per_cpf" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "service_fee_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "service_fee_min_centavos" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "service_fee_max_centavos" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "service_fee_absorbed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "half_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "sales_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "sales_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "hidden_without_code" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "unlocks_ticket_type_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "lot_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit_fee_centavos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "concession" "concession";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "holder_cpf" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "holder_birth_date" date;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "document_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_centavos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "absorbed_fee_centavos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_lots" ADD CONSTRAINT "ticket_lots_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_lots_type_position" ON "ticket_lots" USING btree ("ticket_type_id","position");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_unlocks_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("unlocks_ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_lot_id_ticket_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."ticket_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_holder_cpf_idx" ON "order_items" USING btree ("holder_cpf") WHERE "order_items"."holder_cpf" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_event_buyer_cpf_idx" ON "orders" USING btree ("event_id","buyer_cpf");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_limits_positive" CHECK (("events"."max_tickets_per_order" IS NULL OR "events"."max_tickets_per_order" > 0) AND ("events"."max_tickets_per_cpf" IS NULL OR "events"."max_tickets_per_cpf" > 0));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_service_fee_range" CHECK ("events"."service_fee_basis_points" BETWEEN 0 AND 10000 AND ("events"."service_fee_min_centavos" IS NULL OR "events"."service_fee_min_centavos" >= 0) AND ("events"."service_fee_max_centavos" IS NULL OR "events"."service_fee_max_centavos" >= coalesce("events"."service_fee_min_centavos", 0)));--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_half_taken_non_negative" CHECK ("ticket_types"."half_taken" >= 0);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_value_positive" CHECK ("coupons"."discount_value" > 0 OR ("coupons"."discount_value" = 0 AND "coupons"."unlocks_ticket_type_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_concession_one_unit" CHECK ("order_items"."concession" IS NULL OR ("order_items"."quantity" = 1 AND "order_items"."holder_cpf" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_fee_non_negative" CHECK ("order_items"."unit_fee_centavos" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_non_negative" CHECK ("orders"."subtotal_centavos" >= 0 AND "orders"."discount_centavos" >= 0 AND "orders"."total_centavos" >= 0 AND "orders"."fee_centavos" >= 0 AND "orders"."absorbed_fee_centavos" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_consistent" CHECK ("orders"."total_centavos" = "orders"."subtotal_centavos" - "orders"."discount_centavos" + "orders"."fee_centavos");--> statement-breakpoint
-- Every existing ticket type becomes a sector with one lot: its price, the units it still has and those it sold or holds.
INSERT INTO "ticket_lots" ("ticket_type_id", "position", "price_centavos", "quantity", "remaining")
SELECT t."id", 1, t."price_centavos",
       t."remaining"
         + coalesce((SELECT sum(i."quantity") FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
                     WHERE i."ticket_type_id" = t."id" AND o."status" = 'pending'), 0)
         + (SELECT count(*) FROM "tickets" k JOIN "order_items" i ON i."id" = k."order_item_id"
            WHERE i."ticket_type_id" = t."id" AND k."status" = 'valid'),
       t."remaining"
FROM "ticket_types" t;--> statement-breakpoint
UPDATE "order_items" i SET "lot_id" = l."id" FROM "ticket_lots" l WHERE l."ticket_type_id" = i."ticket_type_id" AND l."position" = 1;
