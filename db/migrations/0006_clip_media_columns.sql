ALTER TABLE "posts" ADD COLUMN "preview_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "preview_small_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "storyboard_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "frame_rate" real;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "codec" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "bitrate" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "file_size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "original_key" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "fingerprint" bigint[];--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "saves_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "downloads_count" integer DEFAULT 0 NOT NULL;