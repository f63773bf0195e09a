// Renders a route only when its guards (routes.ts) pass: a spinner while the session is being
// restored, otherwise the page or a redirect (to /login remembering the wanted URL, or to /).
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { selectAuthStatus, selectCurrentUser, selectLeftOnPurpose } from '../../../machines/auth/viewModel';
import { decideGuards } from './guards';
import type { Guard } from '../../domain/routes';
import { useAuthActor } from '../kernel/session';
import { LoadingSpinner } from '../components/LoadingSpinner';

export function RouteGuard({ guards, children }: { guards: readonly Guard[]; children: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const status = useSelector(auth, selectAuthStatus);
  const user = useSelector(auth, selectCurrentUser);
  const leftOnPurpose = useSelector(auth, selectLeftOnPurpose);
  const location = useLocation();
  const decision = decideGuards(guards, status, user, leftOnPurpose);
  const wanted = `${location.pathname}${location.search}${location.hash}`;
  const remember = decision.kind === 'redirect' && decision.remember;

  useEffect(() => {
    if (remember) auth.send({ type: 'auth.rememberRedirect', url: wanted });
  }, [remember, wanted, auth]);

  // Once the session is known the page appears in slices (its first render at transition priority): a
  // restored session no longer renders a whole page as one long task. Redirects stay immediate.
  const settled = useDeferredValue(decision.kind !== 'wait');

  if (decision.kind === 'wait' || (decision.kind === 'allow' && !settled)) {
    return <LoadingSpinner label={t('guards.checking_session')} data-testid="guard-waiting" />;
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
