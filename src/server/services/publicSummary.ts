// The database's side of the system calls: whether it answers (GET health), and the home page's live figures
// (GET public summary): counts only, of the current statistics release, never of the live forms.
import type { Queryable } from '../db/open';

/** Resolves when the database answers a trivial statement; rejects otherwise. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.execute('select 1');
}

export interface ReleaseCounts {
  /** Forms in the current release; 0 before the first cut. */
  completed: number;
  /** Countries and sectors with at least `threshold` forms in the release. */
  countries: number;
  sectors: number;
  /** The release's forms per survey year. */
  years: Record<string, number>;
}

export async function releaseCounts(db: Queryable, threshold: number): Promise<ReleaseCounts> {
  const [row] = await db.execute<{
    completed: string | number | null;
    countries: string | number;
    sectors: string | number;
    years: Record<string, number> | null;
  }>(
    `with r as (select id, size, years from statistics_releases where current)
     select (select size from r) as completed,
            (select count(*) from (select 1 from release_forms where release_id = (select id from r)
                                    group by country having count(*) >= $1) c) as countries,
            (select count(*) from (select 1 from release_forms where release_id = (select id from r)
                                    group by sector having count(*) >= $1) s) as sectors,
            (select years from r) as years`,
    [threshold],
  );
  return { completed: Number(row?.completed ?? 0), countries: Number(row?.countries ?? 0), sectors: Number(row?.sectors ?? 0), years: row?.years ?? {} };
}
