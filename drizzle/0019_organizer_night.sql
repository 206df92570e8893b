CREATE TYPE "public"."order_channel" AS ENUM('online', 'box_office', 'guest_list');--> statement-breakpoint
ALTER TYPE "public"."role" ADD VALUE 'box_office';--> statement-breakpoint
ALTER TYPE "public"."role" ADD VALUE 'promoter';--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'cash';--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'card_machine';--> statement-breakpoint
CREATE TABLE "event_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time,
	"capacity" integer,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_sessions_capacity_positive" CHECK ("event_sessions"."capacity" IS NULL OR "event_sessions"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_type_sessions" (
	"ticket_type_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	CONSTRAINT "ticket_type_sessions_ticket_type_id_session_id_pk" PRIMARY KEY("ticket_type_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "cash_drawers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"operator_id" text,
	"device_id" text,
	"float_centavos" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"counted_centavos" integer,
	"expected_centavos" integer,
	CONSTRAINT "cash_drawers_amounts" CHECK ("cash_drawers"."float_centavos" >= 0 AND ("cash_drawers"."counted_centavos" IS NULL OR "cash_drawers"."counted_centavos" >= 0)),
	CONSTRAINT "cash_drawers_closed_counted" CHECK (("cash_drawers"."closed_at" IS NULL) = ("cash_drawers"."counted_centavos" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "drawer_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"drawer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_centavos" integer NOT NULL,
	"note" text,
	"nonce" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drawer_movements_nonce_unique" UNIQUE("nonce"),
	CONSTRAINT "drawer_movements_amount_positive" CHECK ("drawer_movements"."amount_centavos" > 0),
	CONSTRAINT "drawer_movements_kind" CHECK ("drawer_movements"."kind" IN ('withdrawal', 'supply'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "exit_scans" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ecad_basis_points" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "set_list" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "co_producers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "door_price_centavos" integer;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "direction" text DEFAULT 'in' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" "order_channel" DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "drawer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "device_nonce" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_nsu" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_tendered_centavos" integer;--> statement-breakpoint
ALTER TABLE "event_sessions" ADD CONSTRAINT "event_sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type_sessions" ADD CONSTRAINT "ticket_type_sessions_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type_sessions" ADD CONSTRAINT "ticket_type_sessions_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_movements" ADD CONSTRAINT "drawer_movements_drawer_id_cash_drawers_id_fk" FOREIGN KEY ("drawer_id") REFERENCES "public"."cash_drawers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_movements" ADD CONSTRAINT "drawer_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_sessions_event_position" ON "event_sessions" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "ticket_type_sessions_session_idx" ON "ticket_type_sessions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "cash_drawers_event_id_idx" ON "cash_drawers" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_drawers_one_open" ON "cash_drawers" USING btree ("event_id","operator_id") WHERE "cash_drawers"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "drawer_movements_drawer_id_idx" ON "drawer_movements" USING btree ("drawer_id");--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_drawer_id_cash_drawers_id_fk" FOREIGN KEY ("drawer_id") REFERENCES "public"."cash_drawers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_drawer_id_idx" ON "orders" USING btree ("drawer_id") WHERE "orders"."drawer_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_device_nonce_unique" UNIQUE("device_nonce");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_ecad_rate" CHECK ("events"."ecad_basis_points" IN (1000, 1500));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cash_tendered_covers" CHECK ("orders"."cash_tendered_centavos" IS NULL OR "orders"."cash_tendered_centavos" >= "orders"."total_centavos");