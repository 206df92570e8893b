ALTER TABLE "events" ADD COLUMN "meia_entrada" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "issued_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_unclaimed_courtesy_idx" ON "orders" USING btree ("buyer_email") WHERE "orders"."user_id" IS NULL AND "orders"."payment_provider" = 'courtesy';