-- Notifications of the channel paybench_statistics (services/statisticsSettings.ts): every app instance keeps the
-- current release, the privacy threshold, the exchange rates and, for a second at most, a caller's account in
-- memory, and drops them when one of these triggers (or a cut or an erasure, which notify explicitly) says they
-- changed. Statement-level triggers with transition tables: one notification per statement, naming at most 100
-- affected callers.
create or replace function paybench_statistics_notify() returns trigger language plpgsql as $$
   begin perform pg_notify('paybench_statistics', tg_table_name || '@' || txid_current()); return null; end $$;--> statement-breakpoint
create or replace function paybench_statistics_notify_callers() returns trigger language plpgsql as $$
   declare ids text[];
   begin
     if tg_table_name = 'forms' then
       if tg_op = 'INSERT' then
         ids := array(select distinct user_id from paybench_new where user_id is not null and status = 'completed' limit 101);
       elsif tg_op = 'DELETE' then
         ids := array(select distinct user_id from paybench_old where user_id is not null and status = 'completed' limit 101);
       else
         ids := array(select distinct user_id from (select user_id, status from paybench_new union all select user_id, status from paybench_old) c
                       where user_id is not null and status = 'completed' limit 101);
       end if;
     elsif tg_op = 'DELETE' then
       ids := array(select id from paybench_old limit 101);
     else
       ids := array(select n.id from paybench_new n join paybench_old o on o.id = n.id
                     where n.roles is distinct from o.roles or n.premium_type is distinct from o.premium_type
                        or n.disabled is distinct from o.disabled limit 101);
     end if;
     if cardinality(ids) > 100 then perform pg_notify('paybench_statistics', 'callers@' || txid_current());
     elsif cardinality(ids) > 0 then perform pg_notify('paybench_statistics', 'callers:' || array_to_string(ids, ',') || '@' || txid_current());
     end if;
     return null;
   end $$;--> statement-breakpoint
comment on function paybench_statistics_notify_callers() is 'paybench statistics notify v2';--> statement-breakpoint
drop trigger if exists paybench_statistics_notify_insert on configs;--> statement-breakpoint
create trigger paybench_statistics_notify_insert after insert on configs for each row
     when (new.key in ('privacyThreshold', 'exchangeRates')) execute function paybench_statistics_notify();--> statement-breakpoint
drop trigger if exists paybench_statistics_notify_update on configs;--> statement-breakpoint
create trigger paybench_statistics_notify_update after update on configs for each row
     when (old.key in ('privacyThreshold', 'exchangeRates') or new.key in ('privacyThreshold', 'exchangeRates'))
     execute function paybench_statistics_notify();--> statement-breakpoint
drop trigger if exists paybench_statistics_notify_delete on configs;--> statement-breakpoint
create trigger paybench_statistics_notify_delete after delete on configs for each row
     when (old.key in ('privacyThreshold', 'exchangeRates')) execute function paybench_statistics_notify();--> statement-breakpoint
drop trigger if exists paybench_statistics_notify on statistics_releases;--> statement-breakpoint
create trigger paybench_statistics_notify after insert or update or delete or truncate on statistics_releases
     for each statement execute function paybench_statistics_notify();--> statement-breakpoint
drop trigger if exists paybench_statistics_notify_insert on forms;--> statement-breakpoint
create trigger paybench_statistics_notify_insert after insert on forms referencing new table as paybench_new
     for each statement execute function paybench_statistics_notify_callers();--> statement-breakpoint
drop trigger if exists paybench_statistics_notify_update on forms;--> statement-breakpoint
create trigger paybench_statistics_notify_update after update on forms referencing old table as paybench_old new table as paybench_new
     for each statement execute function paybench_statistics_notify_callers();--> statement-breakpoint
drop trigger if exists paybench_statistics_notify_delete on forms;--> statement-breakpoint
create trigger paybench_statistics_notify_delete after delete on forms referencing old table as paybench_old
     for each statement execute function paybench_statistics_notify_callers();--> statement-breakpoint
drop trigger if exists paybench_statistics_notify_update on users;--> statement-breakpoint
create trigger paybench_statistics_notify_update after update on users referencing old table as paybench_old new table as paybench_new
     for each statement execute function paybench_statistics_notify_callers();--> statement-breakpoint
drop trigger if exists paybench_statistics_notify_delete on users;--> statement-breakpoint
create trigger paybench_statistics_notify_delete after delete on users referencing old table as paybench_old
     for each statement execute function paybench_statistics_notify_callers();
