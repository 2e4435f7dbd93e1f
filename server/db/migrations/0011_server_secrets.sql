-- Secrets the server makes once and every instance on the database shares (issue 56): the key that signs the
-- device cookies of login throttling (server/auth/device-cookie.ts), so a restart or a second instance keeps
-- every device known.
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
