-- Commissions per service group (issue 59 item 4): a master's own rate for some of her service groups, in place of
-- her service rate for their services: [{"groupId": "...", "rate": "12.50"}], empty when none.
alter table masters add column group_commissions jsonb not null default '[]'::jsonb;
