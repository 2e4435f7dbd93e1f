-- What a client wants of the salon's messages (issue 57 item 4): their language (null: the salon's, Latvian) and
-- whether they get messages at all (off by an unsubscribe link, an SMS "STOP", or the client dialog).
alter table clients add column language text check (language in ('en', 'lv', 'ru'));
alter table clients add column message_consent boolean not null default true;
