// The account menu of spec §2: signed out, a sign-in button; signed in, the account sections the person
// may open (credits and searches are for admin and corporate users), user management for them, the admin
// area for admins, and sign-out.
import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { authView } from '../../../machines/auth/viewModel';
import { accountSections } from './navigation';
import { useAuthActor } from './session';

/** Account sections behind the admin-or-corporate guard (routes.ts). */
const CORPORATE_SECTIONS = new Set(['my_credits', 'my_searches']);

export function AccountMenu() {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const status = useSelector(auth, (snapshot) => authView(snapshot).status);
  const email = useSelector(auth, (snapshot) => authView(snapshot).user?.email ?? null);
  const isAdmin = useSelector(auth, (snapshot) => authView(snapshot).isAdmin);
  const isAdminOrCorporate = useSelector(auth, (snapshot) => authView(snapshot).isAdminOrCorporate);

  if (status !== 'signedIn') {
    return (
      <Button asChild size="sm" colorPalette="brand" loading={status === 'unknown'} data-testid="account-sign-in">
        <RouterLink to="/login">{t('account.sign_in')}</RouterLink>
      </Button>
    );
  }

  const sections = accountSections.filter((entry) => isAdminOrCorporate || !CORPORATE_SECTIONS.has(entry.section));
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" colorPalette="brand" data-testid="account-menu">
          {t('account.menu')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="15rem">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                <Text as="span" fontSize="xs" color="fg.muted">
                  {t('account.signed_in_as')}
                </Text>
                <Text fontWeight="semibold" truncate data-testid="account-email">
                  {email}
                </Text>
              </Menu.ItemGroupLabel>
            </Menu.ItemGroup>
            <Menu.Separator />
            {sections.map((entry) => (
              <Menu.Item key={entry.to} value={entry.to} asChild>
                <RouterLink to={entry.to} data-testid={`account-${entry.section}`}>
                  {t(`sections.${entry.section}`)}
                </RouterLink>
              </Menu.Item>
            ))}
            {isAdminOrCorporate && (
              <Menu.Item value="/register" asChild>
                <RouterLink to="/register" data-testid="account-register">
                  {t('sections.register')}
                </RouterLink>
              </Menu.Item>
            )}
            {isAdmin && (
              <Menu.Item value="/admin/stats" asChild>
                <RouterLink to="/admin/stats" data-testid="account-admin">
                  {t('sections.admin')}
                </RouterLink>
              </Menu.Item>
            )}
            <Menu.Separator />
            <Menu.Item value="sign-out" onClick={() => auth.send({ type: 'auth.signOut' })} data-testid="account-sign-out">
              {t('account.sign_out')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
