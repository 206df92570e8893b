CREATE TABLE "wallet_pass_registrations" (
	"device_library_id" text NOT NULL,
	"pass_type_id" text NOT NULL,
	"ticket_id" uuid NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_pass_registrations_device_library_id_pass_type_id_ticket_id_pk" PRIMARY KEY("device_library_id","pass_type_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_pass_versions" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_pass_registrations" ADD CONSTRAINT "wallet_pass_registrations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pass_versions" ADD CONSTRAINT "wallet_pass_versions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_pass_registrations_ticket_idx" ON "wallet_pass_registrations" USING btree ("ticket_id");