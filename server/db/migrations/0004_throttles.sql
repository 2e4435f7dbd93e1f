-- Throttling counters (rate-limiter-flexible's RateLimiterDrizzle) and used captcha solutions, shared by every
-- server instance on one database (server/auth/rate-limit.ts, server/auth/used-captchas.ts, decision 034).
-- Keys are SHA-256 hashes of what they count (an account, an address): no typed username or address is stored.
create table rate_limits (
  key text primary key,
  points integer not null,
  expire timestamptz
);
create index rate_limits_expire_idx on rate_limits (expire);

-- An ALTCHA challenge solved once; kept until its challenge has expired.
create table used_captchas (
  id text primary key,
  expires_at timestamptz not null
);
create index used_captchas_expires_idx on used_captchas (expires_at);
