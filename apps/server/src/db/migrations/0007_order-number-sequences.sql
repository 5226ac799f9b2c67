-- Order numbers come from a sequence per shop (docs/decisions/0011): taking one never waits
-- for another order, where a counter row made every order of a shop queue behind the last.
DROP TABLE "order_counters" CASCADE;--> statement-breakpoint
DO $$
DECLARE
  shop record;
  next_number bigint;
BEGIN
  FOR shop IN SELECT id FROM tenants LOOP
    SELECT coalesce(max(number), 1000) + 1 INTO next_number FROM orders WHERE tenant_id = shop.id;
    EXECUTE format(
      'CREATE SEQUENCE IF NOT EXISTS %I START WITH %s',
      'order_numbers_' || replace(shop.id::text, '-', ''),
      next_number
    );
  END LOOP;
END $$;
