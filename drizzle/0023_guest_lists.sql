CREATE TABLE "guest_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"cpf" text,
	"source" text NOT NULL,
	"ticket_type_id" uuid,
	"lot_id" uuid,
	"order_id" uuid,
	"ticket_id" uuid,
	"admitted_at" timestamp with time zone,
	"admitted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"quota" integer NOT NULL,
	"entries_count" integer DEFAULT 0 NOT NULL,
	"free_until" timestamp with time zone NOT NULL,
	"after_kind" text NOT NULL,
	"after_price_centavos" integer,
	"discount_percent" integer,
	"closes_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_lists_token_unique" UNIQUE("token"),
	CONSTRAINT "guest_lists_quota" CHECK ("guest_lists"."quota" > 0 AND "guest_lists"."entries_count" >= 0 AND "guest_lists"."entries_count" <= "guest_lists"."quota"),
	CONSTRAINT "guest_lists_rule" CHECK (("guest_lists"."after_kind" = 'free' AND "guest_lists"."after_price_centavos" IS NULL AND "guest_lists"."discount_percent" IS NULL)
        OR ("guest_lists"."after_kind" = 'price' AND "guest_lists"."after_price_centavos" > 0 AND "guest_lists"."discount_percent" IS NULL)
        OR ("guest_lists"."after_kind" = 'discount' AND "guest_lists"."after_price_centavos" > 0 AND "guest_lists"."discount_percent" BETWEEN 1 AND 100))
);
--> statement-breakpoint
ALTER TABLE "guest_list_entries" ADD CONSTRAINT "guest_list_entries_list_id_guest_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."guest_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_list_entries" ADD CONSTRAINT "guest_list_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_list_entries" ADD CONSTRAINT "guest_list_entries_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_list_entries" ADD CONSTRAINT "guest_list_entries_lot_id_ticket_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."ticket_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_list_entries" ADD CONSTRAINT "guest_list_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_list_entries" ADD CONSTRAINT "guest_list_entries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_list_entries" ADD CONSTRAINT "guest_list_entries_admitted_by_users_id_fk" FOREIGN KEY ("admitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_lists" ADD CONSTRAINT "guest_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_lists" ADD CONSTRAINT "guest_lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_lists" ADD CONSTRAINT "guest_lists_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_lists" ADD CONSTRAINT "guest_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_list_entries_list_id_idx" ON "guest_list_entries" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "guest_list_entries_event_id_idx" ON "guest_list_entries" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_list_entries_cpf_per_list" ON "guest_list_entries" USING btree ("list_id","cpf") WHERE "guest_list_entries"."cpf" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "guest_lists_event_id_idx" ON "guest_lists" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "guest_lists_owner_id_idx" ON "guest_lists" USING btree ("owner_id");