CREATE TABLE "tus_upload_metadata" (
	"id" text PRIMARY KEY NOT NULL,
	"multipart_upload_id" text NOT NULL,
	"tus_version" text NOT NULL,
	"upload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
