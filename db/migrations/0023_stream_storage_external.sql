-- Hand-written (drizzle-kit has no column storage). The stored streams are base64 of deflated JSON:
-- PostgreSQL's own compression (pglz) tried each value over 2 KB at every insert and kept none
-- but the time stream's (the corpus: 0 of 125 large values of the other nine columns, 6 of 21 of
-- time), ~1 ms of the ~5 ms that storing the Edge 500's streams costs PGlite. EXTERNAL stores them
-- out of line as before, without the attempt; time keeps its compression. Only new rows are
-- affected, and they are stored byte for byte as before.
ALTER TABLE "activity_streams" ALTER COLUMN "lat" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "lon" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "distance" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "altitude" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "heart_rate" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "cadence" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "power" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "speed" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "temperature" SET STORAGE EXTERNAL;
