-- Issue 27: one Strava athlete per account. An athlete linked to several accounts (possible
-- before the link was bound to the browser) cannot tell which link is the athlete's own: every
-- one of them is dropped, and those users connect Strava again.
DELETE FROM "strava_links" WHERE "athlete_id" IN (SELECT "athlete_id" FROM "strava_links" GROUP BY "athlete_id" HAVING count(*) > 1);
--> statement-breakpoint
CREATE UNIQUE INDEX "strava_links_athlete_idx" ON "strava_links" USING btree ("athlete_id");
