// The account menu: signed out, a sign-in button; signed in, the account sections the person
// may open (credits and searches are for admin and corporate users), the company's pay transparency for corporate
// users, user management for admin and corporate users, the admin area for admins, and sign-out (SignedInMenu.tsx,
// loaded on demand).
import { lazy, Suspense } from 'react';
import { Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { authView } from '../../../machines/auth/viewModel';
import { useAuthActor } from '../kernel/session';
import { loadWithRecipes } from '../kernel/lazyPage';

const SignedInMenu = lazy(loadWithRecipes(() => import('./SignedInMenu')));

export function AccountMenu() {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const status = useSelector(auth, (snapshot) => authView(snapshot).status);

  if (status !== 'signedIn') {
    return (
      <Button asChild size="sm" colorPalette="brand" loading={status === 'unknown'} data-testid="account-sign-in">
        <RouterLink to="/login">{t('account.sign_in')}</RouterLink>
      </Button>
    );
  }
  // While the menu loads, a button of the same size holds its place (no layout shift).
  return (
    <Suspense
      fallback={
        <Button size="sm" variant="outline" colorPalette="brand" disabled>
          {t('account.menu')}
        </Button>
      }
    >
      <SignedInMenu />
    </Suspense>
  );
}
