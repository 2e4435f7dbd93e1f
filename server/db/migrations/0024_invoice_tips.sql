-- Tips (issue 59 item 5): an invoice's tip to one master, paid in cash or by card. Never revenue: the Report shows
-- tips as their own figure; cash tips are in the till.
alter table invoices add column tip numeric(12, 2) not null default 0;
alter table invoices add column tip_master_id text;
alter table invoices add column tip_payment_type text;
alter table invoices add constraint invoices_tip check (
  (tip = 0 and tip_master_id is null and tip_payment_type is null)
  or (tip > 0 and tip_master_id is not null and tip_payment_type in ('CASH', 'CC'))
);
