-- What the owner changed in an invoice from the Report (editInvoice, deleteInvoice; decision 039): who, when, the
-- line and its values before and after, so money never changes without a trace. Written in the command's
-- transaction; never updated or deleted.
create table invoice_changes (
  id bigserial primary key,
  salon_id text not null,
  invoice_id text not null,
  item_id text,
  user_id text not null,
  action text not null check (action in ('EDIT', 'DELETE')),
  before jsonb not null,
  after jsonb,
  created_at timestamptz not null default now()
);
create index invoice_changes_invoice_idx on invoice_changes (salon_id, invoice_id, id);
