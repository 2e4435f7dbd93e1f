-- Sync (DESIGN.md §5): exactly-once commands, the salon row's own rev, the remaining mirrored entities,
-- and the database itself refusing double booking.
create extension if not exists btree_gist;

-- salons.rev is the salon's change counter; row_rev is the rev of the salon's own row (what pull sends).
alter table salons add column row_rev bigint not null default 0;
update salons set row_rev = rev;

-- One row per browser profile (clientId): the last command seq applied, under a row lock per push.
create table sync_clients (
  client_id text primary key,
  user_id text not null references users(id),
  last_seq bigint not null default 0,
  updated_at timestamptz
);

-- The first answer to each (clientId, seq): { ok: true, value } or { ok: false, error }; a repeat gets it again.
create table sync_results (
  client_id text not null references sync_clients(client_id),
  seq bigint not null,
  name text not null,
  result jsonb not null,
  created_at timestamptz not null default now(),
  primary key (client_id, seq)
);

create index administrators_salon_idx on administrators (salon_id, rev);
create index invoice_items_salon_idx on invoice_items (salon_id, rev);

create table manufacturers (
  id text primary key,
  salon_id text not null references salons(id),
  name text not null,
  rev bigint not null default 0,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index manufacturers_salon_idx on manufacturers (salon_id, rev);

create table products (
  id text primary key,
  salon_id text not null references salons(id),
  manufacturer_id text references manufacturers(id),
  name text not null,
  code text not null default '',
  quantity integer not null default 0,
  price numeric(12,2) not null,
  supplier_price numeric(12,2),
  type text not null default 'SALE',
  rev bigint not null default 0,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index products_salon_idx on products (salon_id, rev);

create table memberships (
  id text primary key,
  salon_id text not null references salons(id),
  client_id text not null references clients(id),
  service_id text not null references services(id),
  author_id text references users(id),
  serial_number integer not null,
  quantity integer not null,
  price numeric(12,2) not null,
  price_per_use numeric(12,2) not null,
  total_uses integer not null default 0,
  rev bigint not null default 0,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index memberships_salon_idx on memberships (salon_id, rev);
create unique index memberships_serial_key on memberships (salon_id, serial_number) where deleted_at is null;

-- A phone or e-mail belongs to one live client of a salon (part 1 §8 PHONE_/EMAIL_ALREADY_EXISTS), even
-- when two server instances race.
create unique index clients_salon_phone_key on clients (salon_id, phone) where deleted_at is null and phone is not null;
create unique index clients_salon_email_key on clients (salon_id, lower(email)) where deleted_at is null and email is not null;

-- No double booking, whatever the application checked (DESIGN.md §5): a master or a cabinet holds one live
-- appointment at a time. Archived appointments free their time (docs/decisions/008). salon_id leads each
-- constraint so it stays valid when the tables are distributed by salon.
alter table appointments add constraint appointments_master_overlap
  exclude using gist (salon_id with =, master_id with =, tsrange(start_at, end_at) with &&)
  where (deleted_at is null and not archived and master_id is not null);
alter table appointments add constraint appointments_cabinet_overlap
  exclude using gist (salon_id with =, cabinet_id with =, tsrange(start_at, end_at) with &&)
  where (deleted_at is null and not archived and cabinet_id is not null);
