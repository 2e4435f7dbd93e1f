-- The server-paged lists' searches ignore accents as the mirror's do: "vitols" finds "Vītols" (server/db/text-search.ts).
create extension if not exists unaccent;
