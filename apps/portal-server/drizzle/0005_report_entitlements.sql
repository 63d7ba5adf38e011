CREATE TABLE "report_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer,
	"group_name" text,
	"report_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_grants_grantee_report_unique" UNIQUE NULLS NOT DISTINCT("account_id","group_name","report_id"),
	CONSTRAINT "report_grants_one_grantee" CHECK (("report_grants"."account_id" is null) <> ("report_grants"."group_name" is null))
);
--> statement-breakpoint
ALTER TABLE "report_grants" ADD CONSTRAINT "report_grants_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Accounts that exist before entitlements keep what they saw: every report (other customers' copies aside).
-- Accounts made later see nothing until an administrator grants reports (npm run admin -- reports grant).
INSERT INTO "report_grants" ("account_id", "report_id") SELECT "id", '*' FROM "customer_accounts";
