// The comparison side of the credit gate: a search that cannot run for lack of credits — refused (402), or
// set up while the balance is 0 and the search button is disabled — is kept for the way back
// (machines/creditGate), and forgotten once a search has run.
import { useEffect, useState } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ComparisonMachine } from '../../../../machines/comparison/comparisonMachine';
import { creditGateMachine } from '../../../../machines/creditGate/creditGateMachine';
import { creditGateActors } from '../../../../machines/creditGate/actors';
import { inspect } from '../../app/inspector';

export function useCreditGateSearch(comparison: ActorRefFrom<ComparisonMachine>, path = '/comparison'): void {
  const [machine] = useState(() => creditGateMachine.provide({ actors: creditGateActors() }));
  const gate = useActorRef(machine, { inspect });
  useEffect(() => {
    let keptFilters: unknown = null;
    const subscriptions = [
      comparison.on('comparison.creditsExhausted', () => gate.send({ type: 'creditGate.exhausted', search: { path, filters: comparison.getSnapshot().context.filters } })),
      comparison.on('comparison.searched', () => gate.send({ type: 'creditGate.discard' })),
      comparison.subscribe((snapshot) => {
        const { credits, filters } = snapshot.context;
        if (credits !== 0 || filters === keptFilters) return;
        keptFilters = filters;
        gate.send({ type: 'creditGate.exhausted', search: { path, filters } });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [comparison, gate, path]);
}
