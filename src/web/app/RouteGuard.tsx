// Renders a route only when its guards (routes.ts, spec §2) pass: a spinner while the session is being
// restored, otherwise the page or a redirect (to /login remembering the wanted URL, or to /).
import { useEffect, type ReactNode } from 'react';
import { Center, Spinner } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { selectAuthStatus, selectCurrentUser, selectLeftOnPurpose } from '../../../machines/auth/viewModel';
import { decideGuards } from './guards';
import type { Guard } from './routes';
import { useAuthActor } from './session';

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

  if (decision.kind === 'wait') {
    return (
      <Center py="24" data-testid="guard-waiting">
        <Spinner size="lg" color="brand.solid" aria-label={t('guards.checking_session')} />
      </Center>
    );
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
