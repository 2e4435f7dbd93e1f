-- Masters' commissions (issue 59 item 4): the percentage of the services and of the products a master sells that
-- she earns, set in Staff; null is none. Two decimals, at most 100.
alter table masters add column service_commission numeric(5, 2);
alter table masters add column product_commission numeric(5, 2);
alter table masters add constraint masters_commission_range check (
  (service_commission is null or service_commission between 0 and 100)
  and (product_commission is null or product_commission between 0 and 100)
);
