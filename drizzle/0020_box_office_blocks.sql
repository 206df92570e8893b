CREATE TABLE "box_office_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"drawer_id" uuid,
	"operator_id" text,
	"device_id" text NOT NULL,
	"size" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"unit_price_centavos" integer NOT NULL,
	"lots" jsonb NOT NULL,
	"codes" text[] NOT NULL,
	"returned_units" integer,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_office_blocks_used_within_size" CHECK ("box_office_blocks"."size" > 0 AND "box_office_blocks"."used" >= 0 AND "box_office_blocks"."used" <= "box_office_blocks"."size"),
	CONSTRAINT "box_office_blocks_price_non_negative" CHECK ("box_office_blocks"."unit_price_centavos" >= 0),
	CONSTRAINT "box_office_blocks_returned" CHECK (("box_office_blocks"."returned_at" IS NULL) = ("box_office_blocks"."returned_units" IS NULL) AND ("box_office_blocks"."returned_units" IS NULL OR "box_office_blocks"."used" + "box_office_blocks"."returned_units" = "box_office_blocks"."size"))
);
--> statement-breakpoint
CREATE TABLE "box_office_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"block_id" uuid,
	"drawer_id" uuid,
	"device_nonce" text NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_office_conflicts_device_nonce_unique" UNIQUE("device_nonce")
);
--> statement-breakpoint
ALTER TABLE "box_office_blocks" ADD CONSTRAINT "box_office_blocks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_blocks" ADD CONSTRAINT "box_office_blocks_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_blocks" ADD CONSTRAINT "box_office_blocks_drawer_id_cash_drawers_id_fk" FOREIGN KEY ("drawer_id") REFERENCES "public"."cash_drawers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_blocks" ADD CONSTRAINT "box_office_blocks_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_conflicts" ADD CONSTRAINT "box_office_conflicts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_conflicts" ADD CONSTRAINT "box_office_conflicts_block_id_box_office_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."box_office_blocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_conflicts" ADD CONSTRAINT "box_office_conflicts_drawer_id_cash_drawers_id_fk" FOREIGN KEY ("drawer_id") REFERENCES "public"."cash_drawers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "box_office_blocks_event_id_idx" ON "box_office_blocks" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "box_office_blocks_drawer_id_idx" ON "box_office_blocks" USING btree ("drawer_id");--> statement-breakpoint
CREATE INDEX "box_office_conflicts_event_id_idx" ON "box_office_conflicts" USING btree ("event_id");