// The data version changes whenever counted forms or the configuration that decides what counts change;
// every cached statistic is keyed by it, so a cache never serves figures from before a change.
import type { Queryable } from '../db/open';
import { newId } from '../ids';

export async function bumpDataVersion(db: Queryable): Promise<string> {
  const version = newId(12);
  await db.execute(
    `insert into configs (key, value, updated_at) values ('dataVersion', $1, now())
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [JSON.stringify(version)],
  );
  return version;
}

export async function readDataVersion(db: Queryable): Promise<string> {
  const rows = await db.execute<{ value: string }>(`select value from configs where key = 'dataVersion'`);
  return rows[0]?.value ?? 'initial';
}
