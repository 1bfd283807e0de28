ALTER TABLE "match_events" ADD COLUMN "seq" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "match_events_match_id_seq_idx" ON "match_events" USING btree ("match_id","seq");