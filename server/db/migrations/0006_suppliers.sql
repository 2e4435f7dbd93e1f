-- Suppliers (part 2 §2 "Sysadmin screens", §3, §5; issue 18). A supplier is a user account (its names, e-mail,
-- phone and password) with a suppliers row; deleting it ends the row and the account's supplier flag. Its
-- connections name the salons it serves and, in each, the manufacturers it distributes; a save replaces them all.
create table suppliers (
  id text primary key,
  user_id text not null references users(id),
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index suppliers_live_user_key on suppliers (user_id) where deleted_at is null;

create table supplier_connections (
  supplier_id text not null references suppliers(id),
  salon_id text not null references salons(id),
  manufacturer_id text not null references manufacturers(id),
  position integer not null,
  primary key (supplier_id, manufacturer_id)
);
create index supplier_connections_salon_idx on supplier_connections (salon_id, supplier_id);

-- Accounts flagged as suppliers before this table existed (the demo supplier) get their row.
insert into suppliers (id, user_id)
select substr(md5('supplier:' || id), 1, 24), id from users where is_supplier;
