-- Online booking (issue 61). A client proves the e-mail with a one-time code before a booking is made: the code is
-- kept as an HMAC only, good for 10 minutes, once, and for a few wrong tries.
create table booking_codes (
  id text primary key,
  salon_id text not null,
  -- Lowercased.
  email text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index booking_codes_by_email on booking_codes (salon_id, email, created_at desc);

-- A booking made on the page: its appointments (the services in order) and the client who may cancel or move it
-- through the manage link, which is this row's id signed with server_secrets 'online-booking'.
create table online_bookings (
  id text primary key,
  salon_id text not null,
  client_id text not null,
  appointment_ids jsonb not null,
  email text not null,
  lang text not null,
  created_at timestamptz not null default now(),
  cancelled_at timestamptz
);
create index online_bookings_by_salon on online_bookings (salon_id, created_at desc);
