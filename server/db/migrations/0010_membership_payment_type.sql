-- How a membership was paid (issue 63, decision 071): CASH, CC or GIFT, as a sale is paid. Memberships sold before
-- keep null: nobody recorded it, and the Report leaves them out as it did.
alter table memberships add column payment_type text check (payment_type in ('CASH', 'CC', 'GIFT'));
