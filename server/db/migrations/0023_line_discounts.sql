-- Line discounts (issue 59 item 5): a percentage of the line or an amount off it; none is null and 0. The line's
-- revenue is price x quantity less the discount, computed by the shared money rule (src/domain/rules/money.ts).
alter table invoice_items add column discount_type text;
alter table invoice_items add column discount numeric(12, 2) not null default 0;
alter table invoice_items add constraint invoice_items_discount check (
  (discount_type is null and discount = 0)
  or (discount_type = 'PERCENT' and discount > 0 and discount <= 100)
  or (discount_type = 'AMOUNT' and discount > 0)
);
