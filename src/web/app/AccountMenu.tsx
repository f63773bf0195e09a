// The account menu of spec §2. Until the identity issue lands it offers the account sections and sign-in.
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { accountSections } from './navigation';

export function AccountMenu() {
  const { t } = useTranslation();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" colorPalette="brand" data-testid="account-menu">
          {t('account.menu')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="14rem">
            {accountSections.map((entry) => (
              <Menu.Item key={entry.to} value={entry.to} asChild>
                <RouterLink to={entry.to} data-testid={`account-${entry.section}`}>
                  {t(`sections.${entry.section}`)}
                </RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="/login" asChild>
              <RouterLink to="/login" data-testid="account-sign-in">
                {t('account.sign_in')}
              </RouterLink>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
