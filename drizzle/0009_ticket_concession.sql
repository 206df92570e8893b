ALTER TABLE "tickets" ADD COLUMN "concession" "concession";
