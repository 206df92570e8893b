CREATE TABLE "access_code_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_code_failures" ADD CONSTRAINT "access_code_failures_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_code_failures_actor_idx" ON "access_code_failures" USING btree ("actor","failed_at");--> statement-breakpoint
CREATE INDEX "access_code_failures_event_idx" ON "access_code_failures" USING btree ("event_id","failed_at");