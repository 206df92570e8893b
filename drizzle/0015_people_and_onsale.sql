CREATE TABLE "ticket_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"from_user_id" text,
	"from_holder_name" text,
	"to_name" text NOT NULL,
	"to_email" text NOT NULL,
	"to_cpf" text,
	"to_user_id" text,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"old_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "ticket_transfers_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "ticket_transfers_status" CHECK ("ticket_transfers"."status" IN ('pending', 'accepted', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "waiting_room_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"random_key" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"place" integer,
	"admitted_at" timestamp with time zone,
	"pass_device_id" text,
	"pass_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "waiting_rooms" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"on_sale_at" timestamp with time zone NOT NULL,
	"rate_per_minute" integer DEFAULT 600 NOT NULL,
	"max_inside" integer DEFAULT 500 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"drawn_at" timestamp with time zone,
	"places_given" integer DEFAULT 0 NOT NULL,
	"admitted_through" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_rooms_times" CHECK ("waiting_rooms"."opens_at" <= "waiting_rooms"."on_sale_at"),
	CONSTRAINT "waiting_rooms_rates" CHECK ("waiting_rooms"."rate_per_minute" > 0 AND "waiting_rooms"."max_inside" > 0 AND "waiting_rooms"."admitted_through" >= 0 AND "waiting_rooms"."places_given" >= 0)
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "cover_url" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "figures" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "nominal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfer_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfer_deadline_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rotating_qr" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "holder_cpf" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rotation_secret" text;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_entries" ADD CONSTRAINT "waiting_room_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_entries" ADD CONSTRAINT "waiting_room_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_transfers_ticket_id_idx" ON "ticket_transfers" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_transfers_one_pending" ON "ticket_transfers" USING btree ("ticket_id") WHERE "ticket_transfers"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_transfers_old_code" ON "ticket_transfers" USING btree ("old_code");--> statement-breakpoint
CREATE INDEX "ticket_transfers_to_email_idx" ON "ticket_transfers" USING btree ("to_email");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_entries_account" ON "waiting_room_entries" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_entries_place" ON "waiting_room_entries" USING btree ("event_id","place");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_transfer_deadline_non_negative" CHECK ("events"."transfer_deadline_hours" >= 0);