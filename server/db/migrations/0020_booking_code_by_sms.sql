-- The booking page's code may go by SMS (issue 61 item 4): the phone it went to, which the booking must then carry,
-- and by which a phone's codes an hour are counted.
alter table booking_codes add column phone text;
create index booking_codes_by_phone on booking_codes (salon_id, phone, created_at desc) where phone is not null;
