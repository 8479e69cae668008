CREATE TABLE "clip_renditions" (
	"clip_id" integer NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" bigint NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clip_renditions_clip_id_name_pk" PRIMARY KEY("clip_id","name"),
	CONSTRAINT "clip_renditions_name" CHECK ("clip_renditions"."name" in ('1080p', '720p')),
	CONSTRAINT "clip_renditions_method" CHECK ("clip_renditions"."method" in ('encode', 'remux')),
	CONSTRAINT "clip_renditions_size_positive" CHECK ("clip_renditions"."width" > 0 and "clip_renditions"."height" > 0 and "clip_renditions"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "clip_renditions" ADD CONSTRAINT "clip_renditions_clip_id_posts_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;