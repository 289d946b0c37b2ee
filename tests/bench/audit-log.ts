import { sql } from 'drizzle-orm';
import { hashPassword } from '#server/auth/passwords.ts';
import { loadConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/users/users.table.ts';

/**
 * The bench's generated audit log (docs/decisions/034-audit-log-at-scale.md): `count` entries
 * (default 1,000,000) over the last 365 days, written into a data dir whose database is already
 * migrated (the large catalogue's), with the staff who wrote them. Bulk SQL: the log's indexes are
 * dropped and made again after (their definitions read back from the database, so the schema ends
 * exactly as the migrations left it), the rows are inserted 100,000 at a time by
 * `generate_series` with the triggers off, and the hourly and daily counts are made once at the end
 * by the migration's own `cedar_audit_recount()`. No statistics are gathered: the embedded database
 * never gathers any (no autovacuum), and the reads must be fast without them.
 */

/** The staff member the bench signs in as (the generated staff are the shop's only ones). */
export const AUDIT_BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-2026' };
const STAFF_NAMES = [
  'Bench Admin',
  'Rania Haddad',
  'Omar Khalil',
  'Lina Saad',
  'Karim Nassar',
  'Maya Aoun',
  'Tarek Fares',
  'Nour Habib',
];
const STEP = 100_000;

/**
 * What the log holds, per 1,000 entries: catalogue and order work most, sign-ins, some failures
 * (without a user: an unknown or mistyped email), automatic backups (no user), shoppers' sign-ins.
 */
const MIX: [action: string, entityType: string, perThousand: number, status?: 'failure', actor?: 'none' | 'shopper'][] =
  [
    ['product.update', 'product', 250],
    ['product.create', 'product', 40],
    ['product.delete', 'product', 10],
    ['order.status', 'order', 200],
    ['order.update', 'order', 30],
    ['order.refund', 'order', 10],
    ['customer.update', 'customer', 40],
    ['category.update', 'category', 20],
    ['promo_code.update', 'promo_code', 20],
    ['promo_code.create', 'promo_code', 10],
    ['blog_post.update', 'blog_post', 20],
    ['review.reply', 'review', 20],
    ['settings.update', 'settings', 10],
    ['notification.read', 'notification', 60],
    ['auth.login', 'user', 80],
    ['auth.logout', 'session', 60],
    ['auth.login_failed', 'user', 40, 'failure', 'none'],
    ['auth.two_factor_failed', 'user', 10, 'failure', 'none'],
    ['auth.lockout', 'user', 5, 'failure', 'none'],
    ['security.allowlist_add', 'allowlist', 2],
    ['user.status_changed', 'user', 3],
    ['backup.create', 'backup', 10, undefined, 'none'],
    ['audit.export', 'audit_log', 5],
    ['account.login', 'user', 45, undefined, 'shopper'],
  ];

type Rows<T> = { rows: T[] };

/** One slot per thousandth: entry g takes slot (g × a prime) mod 1000, so the mix is spread evenly in time. */
function slots() {
  const table = MIX.flatMap(([action, entityType, perThousand, status = 'success', actor = 'staff']) =>
    Array.from({ length: perThousand }, () => ({ action, entityType, status, actor })),
  );
  if (table.length !== 1000) throw new Error(`the audit mix adds up to ${table.length}, not 1000`);
  return table;
}

async function staffIds(db: Db): Promise<string[]> {
  const passwordHash = await hashPassword(AUDIT_BENCH_ADMIN.password);
  const rows = await db
    .insert(users)
    .values(
      STAFF_NAMES.map((name, index) => ({
        email: index === 0 ? AUDIT_BENCH_ADMIN.email : `bench-staff-${index}@example.com`,
        name,
        passwordHash,
        role: index === 0 ? ('super_admin' as const) : ('admin' as const),
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

export async function writeAuditLog(dataDir: string, count: number): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ kind: 'pglite', dataDir: config.paths.database });
  try {
    const db = database.db;
    const staff = await staffIds(db);
    const mix = slots();
    const text = (values: string[]) => sql`${`{${values.map((value) => `"${value}"`).join(',')}}`}::text[]`;
    const indexes = (
      (await db.execute(
        sql`select indexname, indexdef from pg_indexes
            where schemaname = 'public' and tablename = 'audit_logs' and indexname <> 'audit_logs_pkey'`,
      )) as unknown as Rows<{ indexname: string; indexdef: string }>
    ).rows;
    for (const { indexname } of indexes) await db.execute(sql.raw(`drop index "${indexname}"`));
    const spanSeconds = 365 * 24 * 3600;
    for (let from = 0; from < count; from += STEP) {
      const to = Math.min(count, from + STEP) - 1;
      await db.transaction(async (tx) => {
        // Triggers off: the counts are made once at the end; the guard has nothing to refuse here.
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`
          with mix as (
            select ${text(mix.map((slot) => slot.action))} as actions, ${text(mix.map((slot) => slot.entityType))} as types,
                   ${text(mix.map((slot) => slot.status))} as statuses, ${text(mix.map((slot) => slot.actor))} as actors,
                   ${text(staff)} as staff, ${text(STAFF_NAMES)} as names
          )
          insert into audit_logs (user_id, user_email, user_name, action, entity_type, entity_id, before, after, ip, user_agent, status, created_at)
          select
            case when pick.actor = 'staff' then mix.staff[pick.who]::uuid end,
            case pick.actor when 'staff' then case when pick.who = 1 then ${AUDIT_BENCH_ADMIN.email} else 'bench-staff-' || (pick.who - 1) || '@example.com' end
                            when 'shopper' then 'shopper-' || (g % 5000) || '@example.com'
                            else case when mix.statuses[pick.slot] = 'failure' then 'someone-' || (g % 500) || '@example.com' end end,
            case when pick.actor = 'staff' then mix.names[pick.who] end,
            mix.actions[pick.slot],
            mix.types[pick.slot],
            md5(mix.types[pick.slot] || (g % 20000))::uuid::text,
            case when pick.record then jsonb_build_object('price', (g % 9000) / 100.0, 'stock_quantity', g % 50, 'name', 'Item ' || (g % 20000), 'description', repeat('Cedar shop entry ', 8)) end,
            case when pick.record then jsonb_build_object('price', (g % 9100) / 100.0, 'stock_quantity', (g + 3) % 50, 'name', 'Item ' || (g % 20000), 'description', repeat('Cedar shop entry ', 8)) end,
            case when pick.actor = 'staff' then '192.0.2.' || pick.who else '198.51.100.' || (g % 250) end,
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
            mix.statuses[pick.slot],
            now() - (g * ${spanSeconds / count}::float8) * interval '1 second'
          from generate_series(${from}::bigint, ${to}::bigint) as g
          cross join mix
          cross join lateral (select (1 + (g * 7919) % 1000)::int as slot, (1 + (g * 104729) % ${staff.length})::int as who) as raw
          cross join lateral (
            select raw.slot, raw.who, mix.actors[raw.slot] as actor,
                   -- A record's change has a before and after; sign-ins, backups and exports none.
                   mix.types[raw.slot] not in ('user', 'session', 'backup', 'audit_log') as record
          ) as pick`);
      });
    }
    for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
    await db.execute(sql`select cedar_audit_recount()`);
    // As the shop's own database: the index builds record the table's size, which a log grown
    // entry by entry would not have (no vacuum, no analyze on the embedded database).
    await db.execute(
      sql`update pg_class set reltuples = -1, relpages = 0
          where oid = 'audit_logs'::regclass or oid in (select indexrelid from pg_index where indrelid = 'audit_logs'::regclass)`,
    );
  } finally {
    await database.close();
  }
}
