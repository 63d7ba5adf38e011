CREATE TABLE "installer_release_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "installer_release_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" integer NOT NULL,
	"platform" text NOT NULL,
	"language" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "installer_release_files_release_platform_language_unique" UNIQUE("release_id","platform","language")
);
--> statement-breakpoint
CREATE TABLE "installer_releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "installer_releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"installee" text NOT NULL,
	"version" text NOT NULL,
	"channel" text NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checksums" text DEFAULT '' NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"yanked_at" timestamp with time zone,
	CONSTRAINT "installer_releases_installee_version_unique" UNIQUE("installee","version")
);
--> statement-breakpoint
ALTER TABLE "access_keys" ADD COLUMN "channels" text[] DEFAULT '{"stable"}' NOT NULL;--> statement-breakpoint
ALTER TABLE "installer_release_files" ADD CONSTRAINT "installer_release_files_release_id_installer_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."installer_releases"("id") ON DELETE cascade ON UPDATE no action;