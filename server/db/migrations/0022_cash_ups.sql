-- Closing the till (issue 59 item 3): one cash-up per salon day, the day's cash payments as the server counted them
-- when it was closed, what the administrator counted, a note, who and when.
create table cash_ups (
  id text primary key,
  salon_id text not null references salons (id),
  date date not null,
  expected_cash numeric(12, 2) not null,
  counted_cash numeric(12, 2) not null,
  note text not null default '',
  closed_by text not null,
  closed_at timestamptz not null default now(),
  rev bigint not null default 0,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index cash_ups_salon_idx on cash_ups (salon_id, rev);
create unique index cash_ups_day_key on cash_ups (salon_id, date) where deleted_at is null;
