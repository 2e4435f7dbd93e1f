-- Seminars of suppliers (part 2 §2 "Supplier screens", §3 Seminar, §5; issue 19, decision 046), their banners and
-- the masters who signed up. Banners are stored in the database, so every server instance sharing it serves them.
create table files (
  id text primary key,
  content_type text not null,
  size integer not null,
  data bytea not null,
  created_at timestamptz not null default now()
);

create table seminars (
  id text primary key,
  supplier_id text not null references suppliers(id),
  name text not null,
  description text not null default '',
  type text not null check (type in ('ALL', 'HAIRDRESSER', 'MANICURE', 'COSMETOLOGY')),
  -- Riga wall time, as the supplier typed it.
  start_at timestamp not null,
  duration integer not null check (duration > 0),
  place_count integer not null check (place_count >= 0),
  banner_id text references files(id),
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index seminars_live_name_key on seminars (supplier_id, lower(name)) where deleted_at is null;
create index seminars_supplier_idx on seminars (supplier_id, start_at desc, id);

create table seminar_visitors (
  seminar_id text not null references seminars(id),
  master_id text not null references masters(id),
  salon_id text not null references salons(id),
  created_at timestamptz not null default now(),
  primary key (seminar_id, master_id)
);
