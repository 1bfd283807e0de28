CREATE TABLE "review_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_label" text NOT NULL,
	"submitted_by" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"note" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"appealed_at" timestamp with time zone,
	"queued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_items_subject_idx" ON "review_items" USING btree ("kind","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "review_items_queue_idx" ON "review_items" USING btree ("status","kind","queued_at","id");--> statement-breakpoint
CREATE INDEX "review_items_status_queue_idx" ON "review_items" USING btree ("status","queued_at","id");