-- Online booking (issue 61): a live salon's booking page address (/book/{slug}) is its own. The page finds its salon
-- by this index; updateOnlineBooking refuses a taken address before the index would.
create unique index salons_booking_slug on salons ((lower(settings -> 'onlineBooking' ->> 'slug')))
  where deleted_at is null and settings -> 'onlineBooking' ->> 'slug' is not null;
