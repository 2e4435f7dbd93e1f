-- How a visit ended when not as booked (issue 57 item 5, decision 079): the client did not come (NO_SHOW), or
-- cancelled inside the salon's window (LATE_CANCEL, kept archived instead of deleted).
alter table appointments add column outcome text check (outcome in ('NO_SHOW', 'LATE_CANCEL'));
