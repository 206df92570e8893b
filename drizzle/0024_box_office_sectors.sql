CREATE TABLE "box_office_sectors" (
	"ticket_type_id" uuid PRIMARY KEY NOT NULL,
	"door_quota" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_office_sectors_quota_non_negative" CHECK ("box_office_sectors"."door_quota" IS NULL OR "box_office_sectors"."door_quota" >= 0)
);
--> statement-breakpoint
ALTER TABLE "box_office_sectors" ADD CONSTRAINT "box_office_sectors_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;