// A list machine (machines/list) for a page: the actor, the view it renders, its failures notified, and — for
// the lists that keep their filters in the address bar — the filters and page read from the URL when the page
// opens and written back (replacing the entry) whenever the machine says they changed.
import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import type { ListInput, ListMachine } from '../../../machines/list/listMachine';
import { filtersFromSearch, searchFromFilters } from '../../../machines/list/addressBar';
import { listView, sameListView } from '../../../machines/list/viewModel';
import { inspect } from '../kernel/inspector';
import { useNotifyFailure } from '../kernel/session';

/** `make` runs once (the machine provided with the list's calls). */
export function useList<T>(make: () => ListMachine, input: ListInput) {
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(make);
  const list = useActorRef(machine, { input, inspect });
  const view = useSelector(list, (snapshot) => listView<T>(snapshot), sameListView);
  useEffect(() => {
    const subscription = list.on('list.failed', ({ failure }) => notifyFailure(failure));
    return () => subscription.unsubscribe();
  }, [list, notifyFailure]);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- XState binds an actor's send to the actor
  return { list, view, send: list.send };
}

/** `useList` with the filters `names` and the page kept in the address bar (?query=…&page=2). */
export function useAddressBarList<T>(make: () => ListMachine, limit: number, names: readonly string[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [start] = useState(() => filtersFromSearch(searchParams, names));
  const result = useList<T>(make, { limit, filters: start.filters, page: start.page });
  const { list } = result;
  useEffect(() => {
    const subscription = list.on('list.queryChanged', ({ filters, page }) => setSearchParams(searchFromFilters(filters, page), { replace: true }));
    return () => subscription.unsubscribe();
  }, [list, setSearchParams]);
  return result;
}
