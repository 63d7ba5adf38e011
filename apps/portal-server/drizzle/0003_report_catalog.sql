CREATE TABLE "catalog_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"node_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_reports_node_name_unique" UNIQUE("node_id","name")
);
--> statement-breakpoint
CREATE TABLE "report_nodes" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"name" text NOT NULL,
	"relative_path" text NOT NULL,
	"is_office" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_nodes_relative_path_unique" UNIQUE("relative_path")
);
--> statement-breakpoint
ALTER TABLE "catalog_reports" ADD CONSTRAINT "catalog_reports_node_id_report_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."report_nodes"("id") ON DELETE cascade ON UPDATE no action;