CREATE TABLE "community_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer,
	"target_label" text NOT NULL,
	"reason" text,
	"note" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_report_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"target_user_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"hidden_at" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "community_report_cases_target_check" CHECK ("community_report_cases"."target_type" in ('post', 'comment', 'user')),
	CONSTRAINT "community_report_cases_status_check" CHECK ("community_report_cases"."status" in ('open', 'decided'))
);
--> statement-breakpoint
CREATE TABLE "community_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_review_words" (
	"word" text PRIMARY KEY NOT NULL,
	"added_by" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_sanctions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	"lifted_by" integer,
	"created_by" integer NOT NULL,
	CONSTRAINT "community_sanctions_kind_check" CHECK ("community_sanctions"."kind" in ('suspension', 'ban')),
	CONSTRAINT "community_sanctions_ends_check" CHECK (("community_sanctions"."kind" = 'ban') = ("community_sanctions"."ends_at" is null))
);
--> statement-breakpoint
ALTER TABLE "community_comments" DROP CONSTRAINT "community_comments_status_check";--> statement-breakpoint
ALTER TABLE "community_comments" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "community_audit_log" ADD CONSTRAINT "community_audit_log_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_report_cases" ADD CONSTRAINT "community_report_cases_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_case_id_community_report_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."community_report_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_review_words" ADD CONSTRAINT "community_review_words_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_sanctions" ADD CONSTRAINT "community_sanctions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_sanctions" ADD CONSTRAINT "community_sanctions_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_sanctions" ADD CONSTRAINT "community_sanctions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_audit_log_staff_idx" ON "community_audit_log" USING btree ("staff_id","id");--> statement-breakpoint
CREATE INDEX "community_audit_log_target_idx" ON "community_audit_log" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_report_cases_open_idx" ON "community_report_cases" USING btree ("target_type","target_id") WHERE "community_report_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "community_report_cases_user_idx" ON "community_report_cases" USING btree ("target_user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_reports_reporter_target_idx" ON "community_reports" USING btree ("reporter_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "community_reports_case_idx" ON "community_reports" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "community_sanctions_user_idx" ON "community_sanctions" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "community_comments" ADD CONSTRAINT "community_comments_status_check" CHECK ("community_comments"."status" in ('published', 'hidden', 'deleted'));