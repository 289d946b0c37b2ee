-- cedar_place_order: the one named definition of how an order is placed in the database
-- (decisions 007 and 011). One readable source of what the database runs
-- (docs/architecture.md#sql-sources): applied drizzle migrations cannot change, so this file is
-- not run itself: the latest migration that (re)creates the function must carry this statement
-- exactly (0025 today), and tests/api/sql-sources.test.ts proves it and that a migrated database
-- runs this body. To change the function: edit it here, copy the statement into a new custom
-- migration (`npx drizzle-kit generate --custom --name=…`), run that test.
--
-- Placement rules, the same in three places: here, place-order.ts `takeStock` (the careful
-- path), and order-pricing.ts `priceLines`, which explains a line that breaks one. Keep them in
-- step; tests/api/order-placement-paths.test.ts takes each rule through both paths.
--   * stock is taken per variant (decision 012); variants are locked in id order first, then
--     their products in id order (here on the usual path, by the roll-up trigger of
--     variant-roll-up.sql on the careful path), so two orders cannot deadlock;
--   * a variant is taken only when it and its product are active, it is still at the price the
--     order was priced at (not on the careful path: it prices from the rows it took), it has the
--     stock for the sum of its lines, and the sum of all lines of its product is within the
--     product's max_per_order;
--   * unless every variant of the order is taken, nothing is (RAISE 'cedar:order-stock-guard').
-- Promo codes (docs/product.md#counting-uses), when `head` names one (promo_code_id): its use is
-- counted by one conditional UPDATE of its row, with the stock's discipline: only while it is
-- active, within its dates (the shop's date: `head.time_zone`, settings: site) and under max_uses; otherwise nothing of the
-- order is written (RAISE 'cedar:promo-inactive' / -not-started / -expired / -used-up / -unknown).
-- The server may have priced the order with the code read from its short cache (PROMO_READ_CACHE_MS):
-- the counted row's rule (code, type, value, applies_to, product_skus, category_ids, minimum,
-- cap) must equal head's `promo_rule`, else nothing is written either (RAISE 'cedar:promo-changed':
-- the server reads the code afresh and prices again; `PROMO_CHANGED`).
-- Then, in its own statement after that row lock (so on PostgreSQL it sees every order committed
-- by those who held the lock before), the customer's own uses (orders with this code, this phone,
-- promo_use_counted) against max_uses_per_customer (RAISE 'cedar:promo-used-by-customer').
-- The order keeps promo_use_counted = true: cancelling gives the use back once (order-transitions.ts).
-- Lock order, the same for every writer: variants (by id), their products (by id, the roll-up),
-- then the promo code row; cancelling an order (order-transitions.ts) takes them in that order too.
-- Called by src/server/orders/place-order.ts `insertOrderRows` (its keys and types must match):
--   stock: [{variant_id, quantity, product_quantity, price}], one entry per variant, its lines
--          summed, product_quantity the sum over its product's lines (`StockClaim`); empty on the
--          careful path, which has taken the stock already
--   head:  the order's columns (promo_code_id / promo_discount_type / promo_discount_value null
--          without a code; tax_label / tax_rate / prices_include_tax / tax_number (the shop's VAT
--          number, '' for none) / payment_label / payment_instructions: what the shopper was told,
--          kept as it was), `promo_rule` (promo-validation.ts `promoRuleOf`: the rule priced
--          with), `source` / `created_by` (who entered it), and `time_zone` (the shop's, settings:
--          site: the zone of the day a promo code's dates are judged on; Asia/Beirut when absent)
--   items: the line snapshots, in the shopper's order (`position`)
--   notification: the admins' message; RETURNS the columns the server maps back into the order.
--   head.audit (admin orders only): {user_id, user_email, ip, user_agent}, the audit row's who
--          and where; the row is written here, in the order's transaction.
--   head.messages: the order's messages for the outbox (the receipt, the shop's new-order mail, the
--          order-placed text: [{event, channel, recipient, subject, body_text, body_html,
--          dedupe_key}]), queued in the order's transaction (docs/architecture.md#the-message-outbox).
--          The server writes them before the order has its id and number: `__ORDER_ID__` and
--          `__ORDER_NUMBER__` in them are replaced here (`ORDER_ID_SLOT`, `ORDER_NUMBER_SLOT`).
-- The guard's message is `STOCK_GUARD_MESSAGE` there; the promo ones are `PROMO_GUARD_MESSAGES`
-- (src/server/promo-codes/promo-validation.ts).
--
-- Generic plans (the roll-up's plan setting, variant-roll-up.sql, for the same reason; not its
-- `enable_seqscan = off`, which on PostgreSQL slowed 200 concurrent orders until most waited
-- past the pool's timeout and answered 503): the statements below name rows by uuid[] variables and by keys of the jsonb
-- arguments, so PL/pgSQL re-planned several of them on every order (a custom plan per value),
-- and each planning reads the size of its tables and of each of their indexes from the file
-- system (17 file-size system calls per order on PGlite). One generic plan per session is made
-- once and kept. Measured on the embedded database with
-- 10,000 products (`npm run bench:order-cost`, CPU per order, the same commit with and without
-- both settings, before enable_seqscan was dropped): ~8 → ~5 ms for an order, ~10 → ~6 ms with a promo code; on a database
-- that had taken 800 orders already, ~0.45 ms of ~3 ms in this function. The settings hold only
-- while this function (and what its statements fire) runs.
CREATE OR REPLACE FUNCTION cedar_place_order(stock jsonb, head jsonb, items jsonb, notification text)
RETURNS TABLE (id uuid, order_number text, status text, payment_status text, created_ms float8)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  taken integer;
  levels text;
  stocked_products uuid[];
  taken_quantities integer[];
  placed record;
  customer uuid;
  buyer_email text := lower(head->>'customer_email');
  promo_id uuid := (head->>'promo_code_id')::uuid;
  per_customer integer;
  same_rule boolean;
  refused promo_codes%ROWTYPE;
  -- The shop's calendar day in its time zone (settings: site, `time_zone`), as promo-validation.ts
  -- reads it; Asia/Beirut for a caller that names none.
  shop_today date := (now() AT TIME ZONE coalesce(nullif(head->>'time_zone', ''), 'Asia/Beirut'))::date;
BEGIN
  -- Lock the rows first, in one global order (variant id; the roll-up then locks products by
  -- id), whatever the order of the cart's lines: two orders holding the same variants in a
  -- different order would otherwise each lock one row and wait for the other's (PostgreSQL:
  -- "deadlock detected"). NO KEY UPDATE is the lock the UPDATE below takes anyway; it leaves
  -- foreign-key checks free. `= ANY (ARRAY(…))`, not `IN (SELECT …)`: the planner takes the
  -- primary-key index for an array, while a semi-join over the JSON would scan every variant.
  PERFORM 1 FROM product_variants AS v
    WHERE v.id = ANY (ARRAY(SELECT (e->>'variant_id')::uuid FROM jsonb_array_elements(stock) AS e))
    ORDER BY v.id FOR NO KEY UPDATE;
  -- The id list again (not only the join with w): without statistics (PGlite has no autovacuum)
  -- the planner hash-joins w against a scan of every variant, 10 ms at 10,000 products.
  -- This function does the roll-up and the catalogue notification of the stock it takes itself
  -- (below), from the rows the UPDATE returns: cedar.order_stock tells the variant triggers
  -- (variant-roll-up.sql, catalogue-notifications.sql) that they have nothing to do, which spares
  -- them comparing every old and new row of the statement (their cost on every order).
  PERFORM set_config('cedar.order_stock', 'on', true);
  WITH taken_rows AS (
    UPDATE product_variants AS v SET stock_quantity = v.stock_quantity - w.quantity, updated_at = now()
      FROM jsonb_to_recordset(stock) AS w(variant_id uuid, quantity integer, product_quantity integer, price numeric),
        products AS p
      WHERE v.id = ANY (ARRAY(SELECT (e->>'variant_id')::uuid FROM jsonb_array_elements(stock) AS e))
        AND v.id = w.variant_id AND p.id = v.product_id AND p.is_active AND v.is_active AND v.price = w.price
        AND v.stock_quantity >= w.quantity AND w.product_quantity <= p.max_per_order
      RETURNING v.id, v.product_id, v.stock_quantity, v.in_stock, v.updated_at, w.quantity
  ), per_product AS (
    SELECT t.product_id, sum(t.quantity)::integer AS quantity FROM taken_rows AS t GROUP BY t.product_id
  )
  SELECT (SELECT count(*) FROM taken_rows),
      (SELECT string_agg(t.id::text || ':' || t.product_id::text || ':' || t.stock_quantity || ':'
        || CASE WHEN t.in_stock THEN 't' ELSE 'f' END
        || ':' || floor(extract(epoch FROM t.updated_at) * 1000)::bigint, ',') FROM taken_rows AS t),
      (SELECT array_agg(g.product_id ORDER BY g.product_id) FROM per_product AS g),
      (SELECT array_agg(g.quantity ORDER BY g.product_id) FROM per_product AS g)
    INTO taken, levels, stocked_products, taken_quantities;
  PERFORM set_config('cedar.order_stock', '', true);
  IF taken <> jsonb_array_length(stock) THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'cedar:order-stock-guard';
  END IF;
  IF taken > 0 THEN
    -- The roll-up's stock path (variant-roll-up.sql), for rows known to be active: each product's
    -- stock falls by what its lines took. Products locked first in id order, in a statement of
    -- their own (the lock order every writer follows: variants by id, then products by id).
    PERFORM 1 FROM products AS k WHERE k.id = ANY (stocked_products) ORDER BY k.id FOR NO KEY UPDATE;
    PERFORM set_config('cedar.stock_roll_up', 'on', true);
    UPDATE products AS p SET stock_quantity = p.stock_quantity - d.quantity, updated_at = now()
      FROM unnest(stocked_products, taken_quantities) AS d(id, quantity)
      WHERE p.id = ANY (stocked_products) AND p.id = d.id;
    PERFORM set_config('cedar.stock_roll_up', '', true);
    -- What cedar_notify_variants_updated would have sent for this stock-only change.
    IF taken <= 100 THEN
      PERFORM pg_notify('cedar_catalogue', 'stock:' || levels);
    ELSE
      PERFORM pg_notify('cedar_catalogue', 'products:' || array_to_string(stocked_products, ','));
    END IF;
  END IF;

  IF promo_id IS NOT NULL THEN
    UPDATE promo_codes AS pc SET current_uses = pc.current_uses + 1
      WHERE pc.id = promo_id AND pc.is_active AND (pc.max_uses = 0 OR pc.current_uses < pc.max_uses)
        AND (pc.start_date IS NULL OR pc.start_date <= shop_today)
        AND (pc.end_date IS NULL OR pc.end_date >= shop_today)
      RETURNING pc.max_uses_per_customer, jsonb_build_object('code', pc.code, 'discount_type', pc.discount_type,
        'discount_value', pc.discount_value, 'applies_to', pc.applies_to, 'product_skus', pc.product_skus,
        'category_ids', pc.category_ids, 'minimum_order_amount', pc.minimum_order_amount,
        'maximum_discount_amount', pc.maximum_discount_amount) = head->'promo_rule'
      INTO per_customer, same_rule;
    IF NOT FOUND THEN
      -- Why, in promoStatusOf's order (src/shared/promo-codes.ts).
      SELECT * INTO refused FROM promo_codes AS pc WHERE pc.id = promo_id;
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = CASE
        WHEN refused.id IS NULL THEN 'cedar:promo-unknown'
        WHEN NOT refused.is_active THEN 'cedar:promo-inactive'
        WHEN refused.end_date < shop_today THEN 'cedar:promo-expired'
        WHEN refused.start_date > shop_today THEN 'cedar:promo-not-started'
        ELSE 'cedar:promo-used-up' END;
    END IF;
    -- The order was priced with the code as the server read it (maybe from its short cache): the
    -- rule must be the stored one, or nothing is written and the server prices again from a fresh
    -- read. No rule in head is a changed rule too (IS NOT TRUE: the comparison is then null).
    IF same_rule IS NOT TRUE THEN
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'cedar:promo-changed';
    END IF;
    IF per_customer > 0 THEN
      IF (SELECT count(*) FROM orders AS o
          WHERE o.promo_code_id = promo_id AND o.customer_phone = head->>'customer_phone' AND o.promo_use_counted)
          >= per_customer THEN
        RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'cedar:promo-used-by-customer';
      END IF;
    END IF;
  END IF;

  SELECT c.id INTO customer FROM customers c WHERE c.phone = head->>'customer_phone';
  IF customer IS NULL AND buyer_email IS NOT NULL THEN
    SELECT c.id INTO customer FROM customers c WHERE c.email = buyer_email AND c.anonymised_at IS NULL
      ORDER BY c.created_at LIMIT 1;
  END IF;
  IF customer IS NULL THEN
    -- ON CONFLICT: two first orders from one new number at once still make one customer.
    INSERT INTO customers AS c (name, phone, email, address)
      VALUES (head->>'customer_name', head->>'customer_phone', buyer_email, head->'shipping_address')
      ON CONFLICT (phone) DO UPDATE SET address = excluded.address, updated_at = now()
      RETURNING c.id INTO customer;
  ELSE
    -- Only when something changed: a repeat customer's usual order writes no new row version
    -- (PGlite has no autovacuum, and dead versions of one hot row slow every later lookup).
    UPDATE customers AS c SET address = head->'shipping_address', email = coalesce(c.email, buyer_email), updated_at = now()
      WHERE c.id = customer
        AND (c.address IS DISTINCT FROM head->'shipping_address' OR (c.email IS NULL AND buyer_email IS NOT NULL));
  END IF;

  INSERT INTO orders AS o (order_number, customer_name, customer_phone, customer_email, shipping_address,
      payment_method, notes, promo_code, promo_code_id, promo_discount_type, promo_discount_value,
      promo_use_counted, subtotal, tax, shipping, discount, total, access_token,
      idempotency_key, request_hash, customer_id, source, created_by,
      tax_label, tax_rate, prices_include_tax, tax_number, payment_label, payment_instructions)
    VALUES ('CS-' || nextval('order_number_seq')::text, head->>'customer_name', head->>'customer_phone',
      head->>'customer_email', head->'shipping_address', head->>'payment_method', head->>'notes',
      head->>'promo_code', promo_id, head->>'promo_discount_type', (head->>'promo_discount_value')::numeric,
      promo_id IS NOT NULL, (head->>'subtotal')::numeric, (head->>'tax')::numeric, (head->>'shipping')::numeric,
      (head->>'discount')::numeric, (head->>'total')::numeric, head->>'access_token', head->>'idempotency_key',
      head->>'request_hash', customer, coalesce(head->>'source', 'checkout'), (head->>'created_by')::uuid,
      head->>'tax_label', (head->>'tax_rate')::numeric, (head->>'prices_include_tax')::boolean,
      head->>'tax_number', head->>'payment_label', head->>'payment_instructions')
    RETURNING o.id, o.order_number, o.status, o.payment_status, o.total, o.created_at INTO placed;

  INSERT INTO order_items (order_id, product_id, variant_id, product_name, sku, image, unit_price, quantity,
      selected_variations, line_total, position)
    SELECT placed.id, l.product_id, l.variant_id, l.product_name, l.sku, l.image, l.unit_price, l.quantity,
      l.selected_variations, l.line_total, l.position
    FROM jsonb_to_recordset(items) AS l(product_id uuid, variant_id uuid, product_name text, sku text, image text,
      unit_price numeric, quantity integer, selected_variations jsonb, line_total numeric, position integer);

  INSERT INTO order_status_history (order_id, from_status, to_status, changed_by)
    VALUES (placed.id, NULL, placed.status, (head->>'created_by')::uuid);

  INSERT INTO notifications (user_id, type, order_id, order_number, total_amount, status, title, message)
    SELECT u.id, 'new_order', placed.id, placed.order_number, placed.total, placed.status,
      'New order ' || placed.order_number, notification
    FROM cedar_active_admin_ids() AS u(id);

  -- An order an admin entered is audited in the same transaction (head.audit: who and from where).
  IF head ? 'audit' THEN
    INSERT INTO audit_logs (user_id, user_email, action, entity_type, entity_id, after, ip, user_agent)
      VALUES ((head->'audit'->>'user_id')::uuid, head->'audit'->>'user_email', 'order.create', 'order', placed.id::text,
        jsonb_build_object('order_number', placed.order_number, 'total', placed.total,
          'source', coalesce(head->>'source', 'checkout'), 'customer_id', customer),
        head->'audit'->>'ip', left(head->'audit'->>'user_agent', 500));
  END IF;

  INSERT INTO message_outbox AS mo (event, order_id, channel, recipient, subject, body_text, body_html, dedupe_key)
    SELECT m.event, placed.id, m.channel, m.recipient,
      replace(replace(m.subject, '__ORDER_NUMBER__', placed.order_number), '__ORDER_ID__', placed.id::text),
      replace(replace(m.body_text, '__ORDER_NUMBER__', placed.order_number), '__ORDER_ID__', placed.id::text),
      replace(replace(m.body_html, '__ORDER_NUMBER__', placed.order_number), '__ORDER_ID__', placed.id::text),
      replace(m.dedupe_key, '__ORDER_ID__', placed.id::text)
    FROM jsonb_to_recordset(coalesce(head->'messages', '[]'::jsonb))
      AS m(event text, channel text, recipient text, subject text, body_text text, body_html text, dedupe_key text)
    ON CONFLICT (dedupe_key) DO NOTHING;

  RETURN QUERY SELECT placed.id, placed.order_number, placed.status, placed.payment_status,
    floor(extract(epoch FROM placed.created_at) * 1000)::float8;
END
$$;
