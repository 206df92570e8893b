CREATE TABLE "brand_follows" (
	"user_id" text NOT NULL,
	"brand_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_follows_user_id_brand_slug_pk" PRIMARY KEY("user_id","brand_slug")
);
--> statement-breakpoint
ALTER TABLE "user_notification_settings" ADD COLUMN "brand_news_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brand_follows" ADD CONSTRAINT "brand_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_follows" ADD CONSTRAINT "brand_follows_brand_slug_brands_slug_fk" FOREIGN KEY ("brand_slug") REFERENCES "public"."brands"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_follows_brand_slug_idx" ON "brand_follows" USING btree ("brand_slug");--> statement-breakpoint
UPDATE "events" SET "announced_at" = "created_at" WHERE "is_published";