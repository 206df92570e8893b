CREATE TABLE "staff_invitations" (
	"email" text NOT NULL,
	"role" "role" NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "check_ins_event_id_idx";--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "nonce" text;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "conflict" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "holder_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "holder_name" text;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "tickets_event_id_idx" ON "tickets" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "check_ins_event_id_idx" ON "check_ins" USING btree ("event_id","scanned_at");--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_nonce_unique" UNIQUE("nonce");