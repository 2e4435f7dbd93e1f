-- Users of every role. E-mail is the login name; stored lower-cased.
create table users (
  id text primary key,
  email text not null,
  password_hash text not null,
  first_name text not null default '',
  last_name text not null default '',
  phone text,
  gender text,
  email_verified boolean not null default false,
  is_sysadmin boolean not null default false,
  is_supplier boolean not null default false,
  promo_code text,
  created_at timestamptz not null default now()
);
create unique index users_email_key on users (email);

-- Each salon has its own change counter `rev` (DESIGN.md §4); bumping it serialises the salon's writes.
create table salons (
  id text primary key,
  name text not null,
  address text not null default '',
  administrator_id text not null references users(id),
  settings jsonb not null,
  rev bigint not null default 0,
  time_zone text not null default 'Europe/Riga',
  trial_ends_at timestamptz not null,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index salons_name_key on salons (lower(name)) where deleted_at is null;

create table administrators (
  id text primary key,
  salon_id text not null references salons(id),
  user_id text not null references users(id),
  rev bigint not null default 0,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index administrators_salon_user_key on administrators (salon_id, user_id) where deleted_at is null;
create index administrators_user_idx on administrators (user_id);

create table masters (
  id text primary key,
  salon_id text not null references salons(id),
  user_id text references users(id),
  first_name text not null default '',
  last_name text not null default '',
  phone text,
  email text,
  gender text,
  status text not null default 'ACTIVE',
  type text not null default 'LOCAL',
  service_group_ids jsonb not null default '[]',
  rev bigint not null default 0,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index masters_salon_idx on masters (salon_id, rev);
create index masters_user_idx on masters (user_id);

create table service_groups (
  id text primary key,
  salon_id text not null references salons(id),
  name_variants jsonb not null,
  type text,
  position integer not null default 0,
  rev bigint not null default 0,
  deleted_at timestamptz
);
create index service_groups_salon_idx on service_groups (salon_id, rev);

create table services (
  id text primary key,
  salon_id text not null references salons(id),
  group_id text not null references service_groups(id),
  name_variants jsonb not null,
  duration integer not null,
  price numeric(12,2) not null,
  color text not null,
  rev bigint not null default 0,
  deleted_at timestamptz
);
create index services_salon_idx on services (salon_id, rev);

create table cabinets (
  id text primary key,
  salon_id text not null references salons(id),
  name_variants jsonb not null,
  service_group_ids jsonb not null default '[]',
  rev bigint not null default 0,
  deleted_at timestamptz
);
create index cabinets_salon_idx on cabinets (salon_id, rev);

-- Wall-clock times of the salon (DESIGN.md §4): timestamp without time zone.
create table working_times (
  id text primary key,
  salon_id text not null references salons(id),
  master_id text references masters(id),
  cabinet_id text references cabinets(id),
  start_at timestamp not null,
  end_at timestamp not null,
  rev bigint not null default 0,
  deleted_at timestamptz,
  check (end_at > start_at),
  check ((master_id is null) <> (cabinet_id is null))
);
create index working_times_salon_idx on working_times (salon_id, rev);

create table clients (
  id text primary key,
  salon_id text not null references salons(id),
  type text not null default 'LOCAL',
  user_id text references users(id),
  email text,
  first_name text not null,
  last_name text not null default '',
  phone text,
  notes text not null default '',
  birthday date,
  gender text,
  blocked_at timestamptz,
  blocked_by text references users(id),
  rev bigint not null default 0,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index clients_salon_idx on clients (salon_id, rev);

create table appointments (
  id text primary key,
  salon_id text not null references salons(id),
  master_id text references masters(id),
  cabinet_id text references cabinets(id),
  client_id text references clients(id),
  service_id text not null references services(id),
  author_id text references users(id),
  author_role text not null,
  start_at timestamp not null,
  end_at timestamp not null,
  duration integer not null,
  notes text not null default '',
  group_id text,
  archived boolean not null default false,
  archived_at timestamptz,
  membership_id text,
  rev bigint not null default 0,
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  check (end_at > start_at)
);
create index appointments_salon_idx on appointments (salon_id, rev);
create index appointments_salon_start_idx on appointments (salon_id, start_at);

create table invoices (
  id text primary key,
  salon_id text not null references salons(id),
  appointment_id text references appointments(id),
  type text not null default 'APPOINTMENT',
  administrator_id text references users(id),
  paid boolean not null default false,
  paid_at timestamptz,
  archived boolean not null default false,
  total_price numeric(12,2) not null default 0,
  membership_id text,
  rev bigint not null default 0,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index invoices_salon_idx on invoices (salon_id, rev);
create unique index invoices_appointment_key on invoices (appointment_id) where deleted_at is null;

create table invoice_items (
  id text primary key,
  salon_id text not null references salons(id),
  invoice_id text not null references invoices(id),
  type text not null,
  entity_id text not null,
  seller_id text,
  seller_type text,
  quantity integer not null,
  price numeric(12,2) not null,
  payment_type text not null,
  rev bigint not null default 0,
  deleted_at timestamptz
);
create index invoice_items_invoice_idx on invoice_items (invoice_id);

-- Opaque session tokens: only a SHA-256 hash is stored (DESIGN.md §7).
create table sessions (
  id text primary key,
  token_hash text not null,
  user_id text not null references users(id),
  salon_id text references salons(id),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create unique index sessions_token_key on sessions (token_hash);
create index sessions_user_idx on sessions (user_id);

-- Single-use expiring tokens for password reset and e-mail verification.
create table auth_tokens (
  token_hash text primary key,
  user_id text not null references users(id),
  kind text not null,
  email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index auth_tokens_user_idx on auth_tokens (user_id, kind);
