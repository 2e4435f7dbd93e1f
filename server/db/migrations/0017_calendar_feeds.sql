-- A master's private calendar feed (issue 58 item 5, decision 087): at most one per master row. Its address is the
-- row's id signed with server_secrets 'calendar-feed'; renewing gives the row a new id, which ends the old address.
create table calendar_feeds (
  id text primary key,
  master_id text not null unique,
  salon_id text not null,
  user_id text not null,
  -- The language of the feed's texts (service names, the calendar's name): the panel's when it was turned on.
  lang text not null,
  created_at timestamptz not null default now()
);
