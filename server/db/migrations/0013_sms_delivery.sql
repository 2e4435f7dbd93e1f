-- SMS of client messages (issue 57 item 3, decision 076): the provider's id of a sent SMS, by which its signed
-- delivery report finds the row, and when it was delivered.
alter table client_messages add column provider_id text;
alter table client_messages add column delivered_at timestamptz;
create unique index client_messages_provider on client_messages (provider_id) where provider_id is not null;
