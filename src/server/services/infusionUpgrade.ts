// A new design of the noise infusion (or a new PERTURBATION_SECRET) never leaves values of the old one
// served. Two designs are two independent looks at a person (V = pay × F₁ and V = pay × F₂ average towards the pay), so
// at start, once, under the release lock:
// - every person's noise key is derived again from the secret and their address (infusion.ts personNoiseKey; new
//   accounts get it at registration), so erasure and a new registration with the same address give the same factors;
// - every kept release (the current and the previous one, the only ones whose rows exist) is re-infused with the new
//   design from its forms' money as entered, counted with that release's own settings (exchange rates, minimum values,
//   outlier pack); a row whose form that release's settings would not count today (an account unverified or disabled
//   since, a form edited under the minimums) is deleted;
// - their stored figures are deleted and their revision raised, so no cached figure of the old design survives, and
//   every instance drops its kept pointers (the 'cut' notification).
// A form edited after a kept release was cut takes its current money in that release too: the old money is not kept
// anywhere outside the old infused values, which must go.
import type { Database } from '../db/open';
import { INFUSION } from '../../domain/constants';
import { infusedMoneySql, infusionKeyFingerprint, personNoiseKeySql } from './infusion';
import { SqlParams, countedFormsSql, type CountingSettings } from './peerGroup';
import { RELEASE_LOCK, currentRelease, partitionName, precomputeRelease, type Release } from './releases';
import { notifyStatisticsChanged, statisticsChangedHere } from './statisticsSettings';

export interface InfusionUpgrade {
  /** False when the database already had this design and key: nothing was touched. */
  upgraded: boolean;
  rekeyedPeople: number;
  reinfusedReleases: Array<{ sequence: number; rows: number; removed: number }>;
}

/** Brings the people's noise keys and every kept release to INFUSION.design with this secret's key (see above). */
export async function upgradeInfusion(database: Database, options: { secret: string; threshold?: number }): Promise<InfusionUpgrade> {
  const fingerprint = infusionKeyFingerprint(options.secret);
  const outcome = await database.transaction(async (tx): Promise<InfusionUpgrade> => {
    await tx.execute('select pg_advisory_xact_lock($1)', [RELEASE_LOCK]);
    const [state] = await tx.execute<{ design: number; key_fingerprint: string }>('select design, key_fingerprint from infusion_state');
    if (state && Number(state.design) === INFUSION.design && state.key_fingerprint === fingerprint) {
      return { upgraded: false, rekeyedPeople: 0, reinfusedReleases: [] };
    }
    const keyParams = new SqlParams();
    const [rekeyed] = await tx.execute<{ n: number }>(
      `with changed as (update users set noise_key = ${personNoiseKeySql(keyParams, options.secret, 'email')} returning 1)
       select count(*)::int as n from changed`,
      keyParams.values,
    );

    // The releases whose rows still exist: their partitions are attached to release_forms.
    const kept = await tx.execute<{ id: string; sequence: number; settings: CountingSettings }>(
      `select r.id, r.sequence, r.settings from statistics_releases r
        where exists (select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid
                       where i.inhparent = 'release_forms'::regclass and c.relname = 'release_forms_r' || r.sequence::text)
        order by r.sequence`,
    );
    const reinfused: InfusionUpgrade['reinfusedReleases'] = [];
    for (const release of kept) {
      const partition = partitionName(Number(release.sequence));
      const params = new SqlParams();
      // The release's rows as its own settings count them today (its exchange rates, minimum values and outlier pack;
      // verified, enabled accounts; completed forms), with the forms' money as entered and the person's key.
      const source = `select c.* from (${countedFormsSql(release.settings, params)}) c
                       where c.form_id in (select form_id from ${partition})`;
      const [removed] = await tx.execute<{ n: number }>(
        `with gone as (delete from ${partition} r where not exists (select 1 from (${source}) s where s.form_id = r.form_id) returning 1)
         select count(*)::int as n from gone`,
        params.values,
      );
      const infused = infusedMoneySql(params, options.secret);
      const [updated] = await tx.execute<{ n: number }>(
        `with changed as (update ${partition} r set fx = ${infused.fx}, bn = ${infused.bn}, df = ${infused.df}
                            from (${source}) c ${infused.lateral}
                           where r.form_id = c.form_id
                          returning 1)
         select count(*)::int as n from changed`,
        params.values,
      );
      reinfused.push({ sequence: Number(release.sequence), rows: Number(updated.n), removed: Number(removed.n) });
    }
    if (kept.length > 0) {
      const ids = kept.map((r) => r.id);
      await tx.execute('update statistics_releases set revision = revision + 1, infusion_design = $2 where id = any($1::text[])', [ids, INFUSION.design]);
      await tx.execute('delete from release_aggregates where release_id = any($1::text[])', [ids]);
    }
    await tx.execute(
      `insert into infusion_state (id, design, key_fingerprint, upgraded_at) values (true, $1, $2, now())
       on conflict (id) do update set design = excluded.design, key_fingerprint = excluded.key_fingerprint, upgraded_at = now()`,
      [INFUSION.design, fingerprint],
    );
    await notifyStatisticsChanged(tx, 'cut');
    return { upgraded: true, rekeyedPeople: Number(rekeyed.n), reinfusedReleases: reinfused };
  });
  if (outcome.upgraded) {
    statisticsChangedHere(database);
    for (const { sequence } of outcome.reinfusedReleases) await database.execute(`analyze ${partitionName(sequence)}`);
    const current: Release | null = await currentRelease(database);
    if (current && options.threshold !== undefined) await precomputeRelease(database, current, options.threshold);
  }
  return outcome;
}
