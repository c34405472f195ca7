-- Raise activity_list_versions for every user whose activities a statement inserted, updated or
-- deleted, once per statement (statement triggers with transition tables: a bulk change takes the
-- version row's lock once, after its activity rows). A user being deleted (the cascade that
-- removes their activities) is not visible any more and gets no row.
CREATE FUNCTION bump_activity_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_list_versions AS v (user_id, version)
  SELECT DISTINCT changed.user_id, 1 FROM changed_rows changed
  WHERE EXISTS (SELECT 1 FROM users WHERE users.id = changed.user_id)
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION bump_activity_list_versions_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_list_versions AS v (user_id, version)
  SELECT changed.user_id, 1 FROM (SELECT user_id FROM changed_rows UNION SELECT user_id FROM previous_rows) changed
  WHERE EXISTS (SELECT 1 FROM users WHERE users.id = changed.user_id)
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_list_version_insert AFTER INSERT ON activities
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_activity_list_versions();
--> statement-breakpoint
CREATE TRIGGER activities_list_version_delete AFTER DELETE ON activities
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_activity_list_versions();
--> statement-breakpoint
CREATE TRIGGER activities_list_version_update AFTER UPDATE ON activities
  REFERENCING NEW TABLE AS changed_rows OLD TABLE AS previous_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_activity_list_versions_on_update();
