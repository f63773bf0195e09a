// The manage-subscription block: title, description and the manage button, for a
// current user with a paid plan; the portal opens in a new tab (machines/manageSubscription).
import { Alert, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { ManageSubscriptionMachine } from '../../../../machines/manageSubscription/manageSubscriptionMachine';
import { manageSubscriptionView } from '../../../../machines/manageSubscription/viewModel';

export type ManageActor = ActorRefFrom<ManageSubscriptionMachine>;

export function ManageBlock({ actor, plan, available }: { actor: ManageActor; plan: string; available: boolean }) {
  const { t } = useTranslation();
  const view = useSelector(actor, manageSubscriptionView);
  return (
    <Box borderWidth="1px" rounded="lg" p="5" bg="bg" data-testid="manage-subscription" data-plan={plan}>
      <Stack gap="3">
        <Heading as="h3" size="md">
          {t('become_premium.manage.title')}
        </Heading>
        <Text color="fg.muted">{t('become_premium.manage.description', { plan: t(`payments.plans.${plan}`, { defaultValue: plan }) })}</Text>
        <Box>
          <Button
            colorPalette="brand"
            loading={view.status === 'busy'}
            disabled={!available || !view.canOpen}
            onClick={() => actor.send({ type: 'manage.open' })}
            data-testid="manage-subscription-button"
          >
            {t('become_premium.manage.button')}
          </Button>
        </Box>
        {!available && <Text color="fg.warning">{t('payments.unavailable')}</Text>}
        {view.messageKey && (
          <Alert.Root
            status={view.status === 'opened' ? 'info' : view.status === 'failed' ? 'error' : 'warning'}
            data-testid="manage-status"
            data-status={view.status}
          >
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{t(view.messageKey)}</Alert.Description>
              {view.status === 'blocked' && view.url && (
                <a
                  href={view.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => actor.send({ type: 'manage.openedManually' })}
                  data-testid="manage-link"
                >
                  {t('payments.manage.open_link')}
                </a>
              )}
              {view.status === 'failed' && (
                <Box mt="2">
                  <Button size="sm" onClick={() => actor.send({ type: 'manage.retry' })}>
                    {t('payments.manage.retry')}
                  </Button>
                </Box>
              )}
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
    </Box>
  );
}
