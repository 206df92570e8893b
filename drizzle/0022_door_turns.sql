DROP INDEX "check_ins_one_admission_per_ticket";--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "entry_number" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_one_scan_per_turn" ON "check_ins" USING btree ("ticket_id",coalesce(session_id, '00000000-0000-0000-0000-000000000000'::uuid),"direction",coalesce(entry_number, 1)) WHERE "check_ins"."accepted";--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_turn_of_accepted" CHECK (("check_ins"."accepted" OR "check_ins"."entry_number" IS NULL) AND coalesce("check_ins"."entry_number", 1) >= 1);