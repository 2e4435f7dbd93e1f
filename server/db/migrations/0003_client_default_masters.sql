-- A client's default masters (part 1 §7 getDefaultMasters/setDefaultMasters), stored on the client row so
-- they sync with it (docs/decisions/012). Ids of masters of the same salon, each once, in the order chosen.
alter table clients add column default_master_ids jsonb not null default '[]';

-- Mirrors filled before this migration hold client rows without `defaultMasterIds`. Every live client gets
-- a new rev (one per row, so pull pages stay small) and the salon's counter moves past them: the next pull
-- sends each row again, now with the field. Runs in the migration's transaction, so no writer interleaves.
with counts as (
  select salon_id, count(*)::bigint as n from clients where deleted_at is null group by salon_id
), bumped as (
  update salons s set rev = s.rev + c.n from counts c where s.id = c.salon_id returning s.id, s.rev - c.n as base
), numbered as (
  select id, salon_id, row_number() over (partition by salon_id order by rev, id) as k from clients where deleted_at is null
)
update clients cl set rev = b.base + nb.k from numbered nb join bumped b on b.id = nb.salon_id where cl.id = nb.id;
