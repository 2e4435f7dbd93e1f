-- Messages to a salon's clients (issue 57, decision 075): one row per message and channel, scheduled in the
-- transaction of the appointment's change and sent by the job queue (pg-boss, decision 074). The row says what
-- the client was told and when; its status moves SCHEDULED → SENDING → SENT (or FAILED, SKIPPED, CANCELLED).
create table client_messages (
  id text primary key,
  salon_id text not null,
  appointment_id text not null,
  client_id text,
  kind text not null check (kind in ('CONFIRMATION', 'REMINDER', 'MOVED', 'CANCELLED', 'NO_SHOW')),
  channel text not null check (channel in ('EMAIL', 'SMS')),
  due_at timestamptz not null,
  status text not null default 'SCHEDULED'
    check (status in ('SCHEDULED', 'SENDING', 'SENT', 'DELIVERED', 'FAILED', 'SKIPPED', 'CANCELLED')),
  reason text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index client_messages_appointment on client_messages (appointment_id);
create index client_messages_client on client_messages (salon_id, client_id);
