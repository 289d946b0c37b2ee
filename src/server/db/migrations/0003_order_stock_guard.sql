-- Order placement's usual path in one call (docs/decisions/007): take the stock of every product
-- with the conditional UPDATE of docs/engineering.md#data-rules, then write the order, its lines, its first status
-- and the admins' notification. A PL/pgSQL function keeps its statements' plans for the whole
-- session, which on PGlite saves more time than anything else. When the UPDATE could not take
-- every product (price changed, inactive, not enough stock), it raises and the whole call leaves
-- no trace; the server then takes its careful path, which says exactly what is wrong.
--   stock: [{id, quantity, price}]  (one entry per product, quantities summed)
--   head:  the order's columns      items: the line snapshots, in the shopper's order
CREATE FUNCTION cedar_place_order(stock jsonb, head jsonb, items jsonb, notification text)
RETURNS TABLE (id uuid, order_number text, status text, payment_status text, created_ms float8)
LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
  placed record;
BEGIN
  UPDATE products AS p SET stock_quantity = p.stock_quantity - w.quantity
    FROM jsonb_to_recordset(stock) AS w(id uuid, quantity integer, price numeric)
    WHERE p.id = w.id AND p.is_active AND p.price = w.price AND p.stock_quantity >= w.quantity;
  GET DIAGNOSTICS taken = ROW_COUNT;
  IF taken <> jsonb_array_length(stock) THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'cedar:order-stock-guard';
  END IF;

  INSERT INTO orders AS o (order_number, customer_name, customer_phone, customer_email, shipping_address,
      payment_method, notes, promo_code, subtotal, tax, shipping, discount, total, access_token,
      idempotency_key, request_hash)
    VALUES ('CS-' || nextval('order_number_seq')::text, head->>'customer_name', head->>'customer_phone',
      head->>'customer_email', head->'shipping_address', head->>'payment_method', head->>'notes',
      head->>'promo_code', (head->>'subtotal')::numeric, (head->>'tax')::numeric, (head->>'shipping')::numeric,
      (head->>'discount')::numeric, (head->>'total')::numeric, head->>'access_token', head->>'idempotency_key',
      head->>'request_hash')
    RETURNING o.id, o.order_number, o.status, o.payment_status, o.total, o.created_at INTO placed;

  INSERT INTO order_items (order_id, product_id, product_name, sku, image, unit_price, quantity,
      selected_variations, line_total, position)
    SELECT placed.id, l.product_id, l.product_name, l.sku, l.image, l.unit_price, l.quantity,
      l.selected_variations, l.line_total, l.position
    FROM jsonb_to_recordset(items) AS l(product_id uuid, product_name text, sku text, image text,
      unit_price numeric, quantity integer, selected_variations jsonb, line_total numeric, position integer);

  INSERT INTO order_status_history (order_id, from_status, to_status) VALUES (placed.id, NULL, placed.status);

  INSERT INTO notifications (type, order_id, order_number, total_amount, status, title, message)
    VALUES ('new_order', placed.id, placed.order_number, placed.total, placed.status,
      'New order ' || placed.order_number, notification);

  RETURN QUERY SELECT placed.id, placed.order_number, placed.status, placed.payment_status,
    floor(extract(epoch FROM placed.created_at) * 1000)::float8;
END
$$;
