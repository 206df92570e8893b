ALTER TABLE "waiting_room_entries" ADD COLUMN "cpf" text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_entries_cpf" ON "waiting_room_entries" USING btree ("event_id","cpf");