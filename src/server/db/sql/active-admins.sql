-- "An active admin": a user with a staff role (src/shared/contracts/auth.ts STAFF_ROLES, the
-- TypeScript side of the same rule; tests/api/sql-sources.test.ts keeps the two equal) whose
-- account is not switched off. Every admin notification goes to these users: cedar_place_order
-- (place-order.sql) and src/server/notifications/notify-admins.ts both select from this function
-- instead of writing the rule out. A single SELECT in SQL: the planner inlines it into the query
-- that calls it, so it costs what the rule written out did.
--
-- One readable source of what the database runs (docs/architecture.md#sql-sources). Applied
-- migrations cannot change, so this file is not run itself: the latest migration that creates
-- the function must carry its statement exactly, and tests/api/sql-sources.test.ts proves it and
-- that a migrated database runs it. To change it: edit it here, copy the statement into a new
-- custom migration (`npx drizzle-kit generate --custom --name=…`), run that test.
CREATE OR REPLACE FUNCTION cedar_active_admin_ids() RETURNS SETOF uuid LANGUAGE sql STABLE AS $$
  SELECT u.id FROM users AS u WHERE u.role IN ('admin', 'super_admin') AND u.is_active
$$;
