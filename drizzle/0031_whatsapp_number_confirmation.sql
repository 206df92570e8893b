-- A WhatsApp number is confirmed by a code sent to it before any message goes there. Existing rows keep their number
-- and switch but start unconfirmed (both verified columns null): nothing is sent to them until their owner confirms it
-- on the settings screen, which offers to send the code.
ALTER TABLE "user_notification_settings" ADD COLUMN "whatsapp_verified_number" text;--> statement-breakpoint
ALTER TABLE "user_notification_settings" ADD COLUMN "whatsapp_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_notification_settings" ADD COLUMN "whatsapp_code_hash" text;--> statement-breakpoint
ALTER TABLE "user_notification_settings" ADD COLUMN "whatsapp_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_notification_settings" ADD COLUMN "whatsapp_code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_notification_settings" ADD COLUMN "whatsapp_code_requested_at" timestamp with time zone;