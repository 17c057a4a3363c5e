-- Calls that missed their goal at ten million bookings (docs/scale.md, issue #31):
-- 1. restaurant_figures: each restaurant's bookings and collected money, the sum of its
--    booking_stats rows, kept by a statement-level trigger on booking_stats (so in the same
--    statement, and transaction, as the write to bookings that changed booking_stats; and by
--    booking_figures_rebuild(), which deletes and inserts booking_stats rows). The dashboard's top
--    restaurants read it through its bookings index instead of summing about 105,000 booking_stats
--    rows at 5,000 restaurants, and so does the bookings list's total without a value filter.
--    A write locks its restaurant's row, in restaurant order, after its booking_stats rows.
-- 2. The ingredient reference list counts dishes and restaurants per ingredient from one index
--    read: its entries in menu_item_ingredients_ingredient_idx, which carry the restaurant
--    (joining menu_items read every dish of every restaurant for each ingredient, 118 ms a page).
CREATE TABLE "restaurant_figures" (
  "restaurant_id" uuid PRIMARY KEY NOT NULL,
  "bookings" bigint NOT NULL,
  "collected_minor" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX restaurant_figures_bookings_idx ON restaurant_figures (bookings);--> statement-breakpoint
CREATE FUNCTION restaurant_figures_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT restaurant_id, bookings, collected_minor FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT restaurant_id, -bookings, -collected_minor FROM old_rows'
    ELSE 'SELECT restaurant_id, bookings, collected_minor FROM new_rows
      UNION ALL SELECT restaurant_id, -bookings, -collected_minor FROM old_rows'
  END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM restaurant_figures;
    RETURN NULL;
  END IF;
  EXECUTE format($q$
    INSERT INTO restaurant_figures AS f (restaurant_id, bookings, collected_minor)
    SELECT restaurant_id, sum(n), sum(c) FROM (%s) d (restaurant_id, n, c)
    GROUP BY restaurant_id
    HAVING sum(n) <> 0 OR sum(c) <> 0
    -- One order for every writer, so two statements never wait on each other's rows in a cycle.
    ORDER BY restaurant_id
    ON CONFLICT (restaurant_id) DO UPDATE SET
      bookings = f.bookings + excluded.bookings,
      collected_minor = f.collected_minor + excluded.collected_minor
  $q$, changed);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER restaurant_figures_insert AFTER INSERT ON booking_stats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION restaurant_figures_apply();--> statement-breakpoint
CREATE TRIGGER restaurant_figures_update AFTER UPDATE ON booking_stats
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION restaurant_figures_apply();--> statement-breakpoint
CREATE TRIGGER restaurant_figures_delete AFTER DELETE ON booking_stats
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION restaurant_figures_apply();--> statement-breakpoint
CREATE TRIGGER restaurant_figures_truncate AFTER TRUNCATE ON booking_stats
  FOR EACH STATEMENT EXECUTE FUNCTION restaurant_figures_apply();--> statement-breakpoint
INSERT INTO restaurant_figures (restaurant_id, bookings, collected_minor)
SELECT restaurant_id, sum(bookings), sum(collected_minor) FROM booking_stats GROUP BY restaurant_id;
--> statement-breakpoint
-- Each row carries its dish's restaurant, set by a trigger from menu_items (and followed if a dish
-- ever moves), so that a count of the ingredient's restaurants reads its index entries alone.
-- It stays nullable: a row whose dish does not exist fails its foreign key as before, and every
-- row that exists has its dish, so its restaurant.
ALTER TABLE menu_item_ingredients ADD COLUMN restaurant_id uuid;--> statement-breakpoint
UPDATE menu_item_ingredients i SET restaurant_id = m.restaurant_id
FROM menu_items m WHERE m.id = i.menu_item_id;--> statement-breakpoint
CREATE FUNCTION menu_item_ingredients_restaurant() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.restaurant_id := (SELECT restaurant_id FROM menu_items WHERE id = NEW.menu_item_id);
  RETURN NEW;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER menu_item_ingredients_restaurant BEFORE INSERT OR UPDATE ON menu_item_ingredients
  FOR EACH ROW EXECUTE FUNCTION menu_item_ingredients_restaurant();--> statement-breakpoint
CREATE FUNCTION menu_items_restaurant_moved() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE menu_item_ingredients SET restaurant_id = NEW.restaurant_id WHERE menu_item_id = NEW.id;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER menu_items_restaurant_moved AFTER UPDATE OF restaurant_id ON menu_items
  FOR EACH ROW WHEN (OLD.restaurant_id IS DISTINCT FROM NEW.restaurant_id)
  EXECUTE FUNCTION menu_items_restaurant_moved();--> statement-breakpoint
DROP INDEX IF EXISTS menu_item_ingredients_ingredient_idx;--> statement-breakpoint
CREATE INDEX menu_item_ingredients_ingredient_idx ON menu_item_ingredients (ingredient_id, restaurant_id)
  INCLUDE (menu_item_id);
