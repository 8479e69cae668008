DROP INDEX "creator_follows_creator_idx";--> statement-breakpoint
CREATE INDEX "creator_follows_creator_idx" ON "creator_follows" USING btree ("creator_id","follower_id");