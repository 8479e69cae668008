CREATE TYPE "public"."collection_visibility" AS ENUM('private', 'link', 'public');--> statement-breakpoint
CREATE TABLE "clip_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"clips" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_items" (
	"collection_id" uuid NOT NULL,
	"post_id" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_items_collection_id_post_id_pk" PRIMARY KEY("collection_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"visibility" "collection_visibility" DEFAULT 'private' NOT NULL,
	"share_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_share_token_unique" UNIQUE("share_token"),
	CONSTRAINT "collections_user_name" UNIQUE("user_id","name")
);
--> statement-breakpoint
CREATE TABLE "search_query_stats" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"results" integer NOT NULL,
	"top_clip_id" integer,
	CONSTRAINT "search_query_stats_day_query_pk" PRIMARY KEY("day","query")
);
--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clip_tags_prefix_idx" ON "clip_tags" USING btree ("tag" text_pattern_ops,"clips" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collection_items_post_idx" ON "collection_items" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "collections_user_updated_idx" ON "collections" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "search_query_stats_prefix_idx" ON "search_query_stats" USING btree ("query" text_pattern_ops,"day");--> statement-breakpoint
CREATE INDEX "posts_popular_idx" ON "posts" USING btree (("saves_count" + "downloads_count") desc,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "posts_shortest_idx" ON "posts" USING btree ("duration_seconds","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "posts_longest_idx" ON "posts" USING btree ("duration_seconds" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops,"documents" DESC NULLS LAST);