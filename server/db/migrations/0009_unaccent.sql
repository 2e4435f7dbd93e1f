-- The server-paged lists' searches ignore accents as the mirror's do: "vitols" finds "Vītols" (server/db/keyset.ts).
create extension if not exists unaccent;
