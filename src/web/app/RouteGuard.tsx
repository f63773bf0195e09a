// Renders a route only when its guards (routes.ts) pass: a spinner while the session is being
// restored, otherwise the page or a redirect (to /login remembering the wanted URL, or to /), with the
// toast the decision carries saying why (guards.ts).
import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { selectAuthStatus, selectCurrentUser, selectLeftOnPurpose } from '../../../machines/auth/viewModel';
import { decideGuards } from './guards';
import type { Guard } from '../../domain/routes';
import { useAuthActor, useShowMessage } from '../kernel/session';
import { TOAST_DEFAULT_MS } from '../../domain/constants';
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

  const showMessage = useShowMessage();
  const notice = decision.kind === 'redirect' ? decision.notice : undefined;
  // Once per refusal (an effect run twice in development would say it twice).
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!notice || told.current === wanted) return;
    told.current = wanted;
    showMessage({ kind: 'toast', status: 'info', durationMs: 2 * TOAST_DEFAULT_MS, titleKey: notice.titleKey, textKey: notice.textKey });
  }, [notice, wanted, showMessage]);

  // Once the session is known the page appears in slices (its first render at transition priority): a
  // restored session no longer renders a whole page as one long task. Redirects stay immediate.
  const settled = useDeferredValue(decision.kind !== 'wait');

  if (decision.kind === 'wait' || (decision.kind === 'allow' && !settled)) {
    return <LoadingSpinner label={t('guards.checking_session')} data-testid="guard-waiting" />;
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
