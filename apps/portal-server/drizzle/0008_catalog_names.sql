ALTER TABLE "catalog_reports" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "report_nodes" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;