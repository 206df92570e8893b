CREATE TABLE "courtesy_quotas" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"quota" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courtesy_quotas_event_id_user_id_pk" PRIMARY KEY("event_id","user_id"),
	CONSTRAINT "courtesy_quotas_non_negative" CHECK ("courtesy_quotas"."quota" >= 0 AND "courtesy_quotas"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "courtesy_quotas" ADD CONSTRAINT "courtesy_quotas_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courtesy_quotas" ADD CONSTRAINT "courtesy_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;