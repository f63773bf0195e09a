// The comparison side of the credit gate: a search that cannot run for lack of credits — refused (402), or
// set up while the balance is 0 and the search button is disabled — is kept for the way back
// (machines/creditGate), and forgotten once a search has run. A refused one then gets the error catalogue's
// warning toast and /my-account, as on every paid view (machines/creditGate/connect.ts).
import { useEffect, useState } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ComparisonMachine } from '../../../../machines/comparison/comparisonMachine';
import { creditGateMachine } from '../../../../machines/creditGate/creditGateMachine';
import { creditGateActors } from '../../../../machines/creditGate/actors';
import { connectComparisonToGate } from '../../../../machines/creditGate/connect';
import { useNotifyFailure } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';

/** `onlyRefused` on a page that re-opens a saved search (see connectComparisonToGate). */
export function useCreditGateSearch(
  comparison: ActorRefFrom<ComparisonMachine>,
  { path = '/comparison', onlyRefused = false }: { path?: string; onlyRefused?: boolean } = {},
): void {
  const [machine] = useState(() => creditGateMachine.provide({ actors: creditGateActors() }));
  const gate = useActorRef(machine, { inspect });
  const toCredits = useNotifyFailure();
  useEffect(() => connectComparisonToGate(comparison, gate, { path, toCredits, onlyRefused }), [comparison, gate, path, toCredits, onlyRefused]);
}
