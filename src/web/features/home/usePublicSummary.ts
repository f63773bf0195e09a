// The live figures of the home page (GET /public-summary, machines/publicData/actors.ts) through the
// resource machine: the page renders the machine's view model. Asked once the page has painted (the figures
// reserve their place meanwhile).
import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import { useDeferredSelector } from '../../kernel/useDeferredSelector';
import { provideResource } from '../../../../machines/resource/resourceMachine';
import { resourceView, sameResource, type Resource } from '../../../../machines/resource/viewModel';
import { publicDataActors, type PublicSummary } from '../../../../machines/publicData/actors';
import { afterFirstContentfulPaint } from '../../kernel/firstPaint';
import { inspect } from '../../kernel/inspector';

export type { PublicSummary };

export function usePublicSummary(): Resource<PublicSummary> {
  const [machine] = useState(() => provideResource(publicDataActors({ notBefore: afterFirstContentfulPaint }).publicSummary));
  const summary = useActorRef(machine, { inspect });
  return useDeferredSelector(summary, (snapshot) => resourceView<PublicSummary>(snapshot), sameResource);
}
