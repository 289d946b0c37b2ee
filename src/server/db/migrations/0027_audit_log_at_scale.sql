-- The audit log at scale (issue 35, docs/decisions/034-audit-log-at-scale.md): indexes in the
-- list's order for each of its filters, a trigram index for its search (pg_trgm), the hourly and
-- daily counts the stats read (kept by triggers, filled here from the entries already written),
-- and the guard that keeps the log append-only. The functions and triggers are those of
-- src/server/db/sql/audit-log.sql, copied exactly.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "audit_log_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"events" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log_hourly" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"events" integer NOT NULL,
	"failures" integer NOT NULL,
	"failed_logins" integer NOT NULL,
	"admin_actions" integer NOT NULL,
	"security_events" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log_hourly_actions" (
	"hour" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "audit_log_hourly_actions_hour_action_pk" PRIMARY KEY("hour","action")
);
--> statement-breakpoint
CREATE TABLE "audit_log_hourly_users" (
	"hour" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "audit_log_hourly_users_hour_user_id_pk" PRIMARY KEY("hour","user_id")
);
--> statement-breakpoint
DROP INDEX "audit_logs_created_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_type_idx" ON "audit_logs" USING btree ("entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_failure_idx" ON "audit_logs" USING btree ("created_at","id") WHERE "audit_logs"."status" = 'failure';--> statement-breakpoint
CREATE INDEX "audit_logs_search_idx" ON "audit_logs" USING gin (lower("action" || ' ' || coalesce("entity_id", '') || ' ' || coalesce("user_email", '') || ' ' || coalesce("user_name", '') || ' ' || coalesce("ip", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
-- The stats' categories (docs/product.md#audit-log "Stats"), written once: the counting trigger
-- judges each new entry by them, and the stats judge the log's own rows by them for the part of a
-- shop's day before its first whole UTC hour. Plain SQL, so the planner inlines them.
-- A refused staff sign-in step: a wrong password or unknown email, a refused two-step code, a lockout.
CREATE OR REPLACE FUNCTION cedar_audit_failed_login(action text, status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status = 'failure' AND starts_with(action, 'auth.')
$$;
--> statement-breakpoint
-- What a signed-in person changed in the shop: not a sign-in step, not a shopper's own account.
CREATE OR REPLACE FUNCTION cedar_audit_admin_action(action text, status text, user_id uuid) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status = 'success' AND user_id IS NOT NULL AND NOT starts_with(action, 'auth.') AND NOT starts_with(action, 'account.')
$$;
--> statement-breakpoint
-- About access and accounts, or anything refused.
CREATE OR REPLACE FUNCTION cedar_audit_security_event(action text, status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status = 'failure' OR starts_with(action, 'auth.') OR starts_with(action, 'security.') OR starts_with(action, 'staff.') OR starts_with(action, 'user.')
$$;
--> statement-breakpoint
-- Counts a new entry in audit_log_daily (the total), audit_log_hourly (the hour's entries and
-- categories), audit_log_hourly_actions and audit_log_hourly_users (the top lists), so
-- GET /admin/audit/stats reads a few hundred rows instead of counting a million. A deferred
-- constraint trigger: it runs at commit, after the transaction's own work, so the counter rows
-- (today's daily row and this hour's row are shared by every audited write) are locked for the
-- instant before the commit only, and always in this order: two writers never hold them in
-- opposite orders. Times are whole UTC hours and days (date_bin, whatever the session's time zone).
CREATE OR REPLACE FUNCTION cedar_audit_count_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bucket timestamptz := date_bin('1 hour', NEW.created_at, timestamptz '2000-01-01 00:00:00+00');
BEGIN
  INSERT INTO audit_log_daily AS d (day, events)
    VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, 1)
    ON CONFLICT (day) DO UPDATE SET events = d.events + 1;
  INSERT INTO audit_log_hourly AS h (hour, events, failures, failed_logins, admin_actions, security_events)
    VALUES (
      bucket, 1, (NEW.status = 'failure')::int,
      cedar_audit_failed_login(NEW.action, NEW.status)::int,
      cedar_audit_admin_action(NEW.action, NEW.status, NEW.user_id)::int,
      cedar_audit_security_event(NEW.action, NEW.status)::int
    )
    ON CONFLICT (hour) DO UPDATE SET
      events = h.events + 1,
      failures = h.failures + excluded.failures,
      failed_logins = h.failed_logins + excluded.failed_logins,
      admin_actions = h.admin_actions + excluded.admin_actions,
      security_events = h.security_events + excluded.security_events;
  INSERT INTO audit_log_hourly_actions AS a (hour, action, events)
    VALUES (bucket, NEW.action, 1)
    ON CONFLICT (hour, action) DO UPDATE SET events = a.events + 1;
  IF NEW.user_id IS NOT NULL THEN
    INSERT INTO audit_log_hourly_users AS u (hour, user_id, events)
      VALUES (bucket, NEW.user_id, 1)
      ON CONFLICT (hour, user_id) DO UPDATE SET events = u.events + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_logs_count AFTER INSERT ON audit_logs DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cedar_audit_count_entry();
--> statement-breakpoint
-- The retention run's deletes (the only ones the guard below lets through) take their entries off
-- the daily counts in the same statement, so the total is right after every batch. The hourly
-- counts of the hours it empties are removed by the run itself (src/server/audit/audit-retention.ts):
-- the stats read only the last two days of them, and those of the actors are keyed by the id an
-- entry was written with, which a removed account's entries no longer hold.
CREATE OR REPLACE FUNCTION cedar_audit_uncount_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audit_log_daily AS d SET events = d.events - r.events
    FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS events FROM removed GROUP BY 1) AS r
    WHERE d.day = r.day;
  DELETE FROM audit_log_daily WHERE events <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_uncount AFTER DELETE ON audit_logs REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION cedar_audit_uncount_removed();
--> statement-breakpoint
-- Append-only: an entry is never changed or deleted, except
-- - by the retention run, which marks its transactions (cedar.audit_retention) and may take only
--   entries older than the shortest retention a merchant can set (30 days, SecurityConfigSchema);
-- - by the foreign key when an account is removed (ON DELETE SET NULL: user_id alone becomes
--   null; the entry keeps the email and name it was written with). That update runs inside the
--   key's own trigger, hence pg_trigger_depth() > 1: a statement sent by the application is at 1;
-- - by the personal-data erasure of a deleted customer or shopper account, which marks its
--   transaction (cedar.audit_redaction) and may change only the personal fields.
-- Anything else is refused with an error: a bug, never a path.
CREATE OR REPLACE FUNCTION cedar_audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF current_setting('cedar.audit_retention', true) = 'on' AND OLD.created_at < now() - interval '30 days' THEN
      RETURN OLD;
    END IF;
  ELSIF pg_trigger_depth() > 1 AND OLD.user_id IS NOT NULL AND NEW.user_id IS NULL
    AND to_jsonb(NEW) - 'user_id' = to_jsonb(OLD) - 'user_id' THEN
    RETURN NEW;
  ELSIF current_setting('cedar.audit_redaction', true) = 'on'
    AND to_jsonb(NEW) - ARRAY['user_email', 'user_name', 'ip', 'before', 'after'] = to_jsonb(OLD) - ARRAY['user_email', 'user_name', 'ip', 'before', 'after'] THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only: % of an entry refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_append_only BEFORE DELETE OR UPDATE ON audit_logs FOR EACH ROW EXECUTE FUNCTION cedar_audit_logs_append_only();
--> statement-breakpoint
-- GET /admin/audit/stats in one call (src/server/audit/audit-stats.service.ts, which computes the
-- instants in the shop's time zone): the total from the daily counts, today's figures from the
-- hourly ones from its first whole hour to now, plus the part before that hour (a zone whose
-- midnight is not on the hour) from the log itself through its time index, judged by the same
-- functions as the counting trigger; the top people (current staff) and actions and the hours of
-- the last day. A PL/pgSQL function so its plans are made once per session (generic: its
-- statements only ever read these small tables by their keys): planning them again on every call
-- cost more than running them (~4.8 ms against ~2.2 ms of CPU per call on the embedded database).
CREATE OR REPLACE FUNCTION cedar_audit_stats(first_hour timestamptz, hour_now timestamptz, first_whole_hour timestamptz, midnight timestamptz, top_count integer, staff_roles text[]) RETURNS json LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN json_build_object(
    'total', (SELECT coalesce(sum(events), 0) FROM audit_log_daily)::text,
    'today', (SELECT row_to_json(t) FROM (
      SELECT coalesce(sum(events), 0)::int AS events, coalesce(sum(failed_logins), 0)::int AS failed_logins,
             coalesce(sum(admin_actions), 0)::int AS admin_actions, coalesce(sum(security_events), 0)::int AS security_events
      FROM audit_log_hourly WHERE hour >= first_whole_hour AND hour <= hour_now) AS t),
    'head', (SELECT row_to_json(t) FROM (
      SELECT count(*)::int AS events,
             (count(*) FILTER (WHERE cedar_audit_failed_login(a.action, a.status)))::int AS failed_logins,
             (count(*) FILTER (WHERE cedar_audit_admin_action(a.action, a.status, a.user_id)))::int AS admin_actions,
             (count(*) FILTER (WHERE cedar_audit_security_event(a.action, a.status)))::int AS security_events
      FROM audit_logs AS a WHERE a.created_at >= midnight AND a.created_at < first_whole_hour) AS t),
    'top_users', (SELECT coalesce(json_agg(t), '[]') FROM (
      SELECT u.id AS user_id, u.name, u.email, sum(c.events)::int AS events
      FROM audit_log_hourly_users AS c JOIN users AS u ON u.id = c.user_id
      WHERE c.hour >= first_hour AND c.hour <= hour_now AND u.role = ANY (staff_roles)
      GROUP BY u.id, u.name, u.email ORDER BY 4 DESC, u.name LIMIT top_count) AS t),
    'top_actions', (SELECT coalesce(json_agg(t), '[]') FROM (
      SELECT action, sum(events)::int AS events FROM audit_log_hourly_actions
      WHERE hour >= first_hour AND hour <= hour_now
      GROUP BY action ORDER BY 2 DESC, action LIMIT top_count) AS t),
    'by_hour', (SELECT coalesce(json_agg(t), '[]') FROM (
      SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"') AS hour, events, failures
      FROM audit_log_hourly WHERE hour >= first_hour AND hour <= hour_now) AS t)
  );
END
$$;
--> statement-breakpoint
-- The counts made again from the log: the migration that adds them fills them once, and the
-- bench's generated log (written with triggers off) is counted once at the end.
CREATE OR REPLACE FUNCTION cedar_audit_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM audit_log_daily;
  DELETE FROM audit_log_hourly;
  DELETE FROM audit_log_hourly_actions;
  DELETE FROM audit_log_hourly_users;
  INSERT INTO audit_log_daily (day, events)
    SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM audit_logs GROUP BY 1;
  INSERT INTO audit_log_hourly (hour, events, failures, failed_logins, admin_actions, security_events)
    SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00'), count(*),
      count(*) FILTER (WHERE status = 'failure'),
      count(*) FILTER (WHERE cedar_audit_failed_login(action, status)),
      count(*) FILTER (WHERE cedar_audit_admin_action(action, status, user_id)),
      count(*) FILTER (WHERE cedar_audit_security_event(action, status))
    FROM audit_logs GROUP BY 1;
  INSERT INTO audit_log_hourly_actions (hour, action, events)
    SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00'), action, count(*)
    FROM audit_logs GROUP BY 1, 2;
  INSERT INTO audit_log_hourly_users (hour, user_id, events)
    SELECT date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00'), user_id, count(*)
    FROM audit_logs WHERE user_id IS NOT NULL GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT cedar_audit_recount();
