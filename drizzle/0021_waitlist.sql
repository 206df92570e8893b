CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_quantity_positive" CHECK ("waitlist_entries"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_centavos" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_offers_quantity_positive" CHECK ("waitlist_offers"."quantity" > 0),
	CONSTRAINT "waitlist_offers_price_non_negative" CHECK ("waitlist_offers"."unit_price_centavos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_offer_minutes" integer;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_lot_id_ticket_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."ticket_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_waiting_idx" ON "waitlist_entries" USING btree ("ticket_type_id","seq") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_active" ON "waitlist_entries" USING btree ("user_id","ticket_type_id") WHERE "waitlist_entries"."status" IN ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_offers_open_idx" ON "waitlist_offers" USING btree ("expires_at") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_ticket_type_idx" ON "waitlist_offers" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE INDEX "waitlist_offers_user_idx" ON "waitlist_offers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_per_entry" ON "waitlist_offers" USING btree ("entry_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_waitlist_offer_minutes" CHECK ("events"."waitlist_offer_minutes" IS NULL OR "events"."waitlist_offer_minutes" BETWEEN 5 AND 10080);