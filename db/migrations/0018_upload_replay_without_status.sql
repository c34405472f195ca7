-- Every stored upload answer was a 201 (CONTRACT: Activities): the replay answers 201 itself and keeps only the activities.
ALTER TABLE "upload_idempotency" DROP COLUMN "status";
