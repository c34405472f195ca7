-- Hand-written (drizzle-kit has no functions). A load recompute writes a user's activities in
-- many small statements (server/jobs/load-recompute-job.ts); each used to raise the version of the
-- user's activities, so every read kept per version (fitness, statistics) was computed again after
-- each step, from a mixture of old and new loads, while readers waited. Its statements set
-- stride.defer_list_version for their own transaction and the job raises the version once, when
-- every load is written: readers keep the answer from before the change until the new one is
-- whole. Every other write raises it as before.
CREATE OR REPLACE FUNCTION bump_activity_list_versions_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('stride.defer_list_version', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO activity_list_versions AS v (user_id, version)
  SELECT changed.user_id, 1 FROM (SELECT user_id FROM changed_rows UNION SELECT user_id FROM previous_rows) changed
  WHERE EXISTS (SELECT 1 FROM users WHERE users.id = changed.user_id)
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
