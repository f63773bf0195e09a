// One account request (machines/auth/accountRequestMachine.ts) for a page: the page gives the call
// (`send` actor) and what to do on success or failure; it renders `view` and calls `submit(fields)`.
import { useCallback, useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { PromiseActorLogic } from 'xstate';
import { accountRequestMachine, type RequestFields } from '../../../machines/auth/accountRequestMachine';
import { accountRequestView, type AccountRequestView } from '../../../machines/auth/accountRequestView';
import { reauthenticateCall } from '../../../machines/auth/requests';
import { inspect } from './inspector';

export interface AccountRequestHandlers<T> {
  succeeded?: (output: T) => void;
  failed?: (code: string) => void;
}

const sameView = (a: AccountRequestView, b: AccountRequestView) =>
  a.busy === b.busy &&
  a.done === b.done &&
  a.canSubmit === b.canSubmit &&
  a.errorKey === b.errorKey &&
  a.errorCode === b.errorCode &&
  JSON.stringify(a.fieldProblems) === JSON.stringify(b.fieldProblems) &&
  JSON.stringify(a.reauthentication) === JSON.stringify(b.reauthentication);

/** A security change the server refuses for want of a fresh re-authentication asks the password, then goes again. */
const reauthenticate = reauthenticateCall();

export function useAccountRequest<T>(send: PromiseActorLogic<T, RequestFields>, handlers: AccountRequestHandlers<T> = {}) {
  // The machine is built once per page; `send` is a module-level actor of the page.
  const actor = useActorRef(accountRequestMachine.provide({ actors: { send: send as unknown as PromiseActorLogic<unknown, RequestFields>, reauthenticate } }), {
    inspect,
  });
  const view = useSelector(actor, accountRequestView, sameView);
  const latest = useRef(handlers);
  // eslint-disable-next-line react-hooks/refs -- the latest handlers, read when an event comes
  latest.current = handlers;

  useEffect(() => {
    const subscriptions = [
      actor.on('request.succeeded', (event) => latest.current.succeeded?.(event.output as T)),
      actor.on('request.failed', (event) => latest.current.failed?.(event.code)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor]);

  const submit = useCallback((fields: RequestFields) => actor.send({ type: 'request.submit', fields }), [actor]);
  const edit = useCallback(() => actor.send({ type: 'request.edit' }), [actor]);
  const reset = useCallback(() => actor.send({ type: 'request.reset' }), [actor]);
  const reauthenticateWith = useCallback((password: string) => actor.send({ type: 'request.reauthenticate', password }), [actor]);
  const cancelReauthentication = useCallback(() => actor.send({ type: 'request.cancelReauthentication' }), [actor]);
  return { actor, view, submit, edit, reset, reauthenticate: reauthenticateWith, cancelReauthentication };
}
