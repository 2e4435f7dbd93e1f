-- The salon's paid subscription (part 2 §3 Subscription, issue 20, decision 047). Stripe holds the card, the
-- customer and the invoices; we keep which customer and subscription are the salon's, the state the webhook last
-- read, and every webhook event id we handled, so an event delivered twice changes nothing.
create table salon_subscriptions (
  salon_id text primary key references salons(id),
  customer_id text not null unique,
  subscription_id text unique,
  price_id text,
  -- Stripe's subscription status (trialing, active, past_due, canceled, incomplete, unpaid, ...); null: none yet.
  status text,
  company_name text,
  company_reg text,
  company_address text,
  updated_at timestamptz not null default now()
);

create table stripe_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);
