// The signed-in part of the account menu (AccountMenu.tsx): loaded only once someone is signed in, so the
// menu's positioning code stays out of the first load of the public pages.
import { Button, Menu, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { authView } from '../../../machines/auth/viewModel';
import { accountSections, personalViews, premiumPage, sectionLock, type NavLinkEntry } from '../kernel/navigation';
import { useAppConfig } from '../kernel/appConfig';
import { useAuthActor, useCurrentUser } from '../kernel/session';

/** Account sections behind the admin-or-corporate guard (routes.ts). */
const CORPORATE_SECTIONS = new Set(['my_credits', 'my_searches']);

/** The company's pay transparency, behind the corporate guard (routes.ts): not an admin's. */
const payTransparency: NavLinkEntry = { to: '/pay-transparency', section: 'pay_transparency' };

export default function SignedInMenu() {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const email = useSelector(auth, (snapshot) => authView(snapshot).user?.email ?? null);
  const isAdmin = useSelector(auth, (snapshot) => authView(snapshot).isAdmin);
  const isAdminOrCorporate = useSelector(auth, (snapshot) => authView(snapshot).isAdminOrCorporate);

  const user = useCurrentUser();
  const isCorporate = user?.role.includes('corporate') ?? false;
  const premiumEnabled = useAppConfig()?.premiumEnabled ?? false;

  // The account's sections, the company's pay transparency (corporate), then registering accounts (admin or
  // corporate) and the admin area.
  const sections: NavLinkEntry[] = [
    ...accountSections.filter((entry) => isAdminOrCorporate || !CORPORATE_SECTIONS.has(entry.section)),
    ...(isCorporate ? [payTransparency] : []),
    ...(isAdminOrCorporate ? [{ to: '/register', section: 'register' } as const] : []),
    ...(isAdmin ? [{ to: '/admin/stats', section: 'admin' } as const] : []),
  ];
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" colorPalette="brand" data-testid="account-menu">
          {t('account.menu')}
        </Button>
      </Menu.Trigger>
      {/* Not portalled: the open menu stays inside the header landmark (axe `region`); it is positioned
          against the viewport either way. */}
      <>
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
            {/* The personal views and the plans, whatever the header shows (the header keeps them out with the
                premium flag off); a view the plan does not open says why. */}
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel fontSize="xs" color="fg.muted">
                {t('account.analyses')}
              </Menu.ItemGroupLabel>
              {personalViews.map((entry) => {
                const locked = sectionLock(entry, premiumEnabled, user) === 'premium';
                return (
                  <Menu.Item key={entry.to} value={entry.to} asChild>
                    <RouterLink to={entry.to} data-testid={`account-${entry.section}`} data-locked={locked ? 'premium' : undefined}>
                      {t(`sections.${entry.section}`)}
                      {locked && (
                        <Text as="span" ms="auto" fontSize="xs" color="fg.muted">
                          {t('nav.locked_premium')}
                        </Text>
                      )}
                    </RouterLink>
                  </Menu.Item>
                );
              })}
              <Menu.Item value={premiumPage.to} asChild>
                <RouterLink to={premiumPage.to} data-testid="account-become_premium">
                  {t('account.premium_plans')}
                </RouterLink>
              </Menu.Item>
            </Menu.ItemGroup>
            <Menu.Separator />
            {sections.map((entry) => (
              <Menu.Item key={entry.to} value={entry.to} asChild>
                <RouterLink to={entry.to} data-testid={`account-${entry.section}`}>
                  {t(`sections.${entry.section}`)}
                </RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="sign-out" onClick={() => auth.send({ type: 'auth.signOut' })} data-testid="account-sign-out">
              {t('account.sign_out')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </>
    </Menu.Root>
  );
}
