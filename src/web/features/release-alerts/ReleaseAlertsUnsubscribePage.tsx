// /release-alerts/unsubscribe: the page the unsubscribe link of a release alert e-mail opens, without signing in
// (machines/releaseAlerts/unsubscribeMachine.ts). The token comes from the link's query; the alerts go off on the click.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { releaseAlertsUnsubscribeMachine } from '../../../../machines/releaseAlerts/unsubscribeMachine';
import { releaseAlertsUnsubscribeActors } from '../../../../machines/releaseAlerts/actors';
import { releaseAlertsUnsubscribeView } from '../../../../machines/releaseAlerts/viewModel';
import { inspect } from '../../kernel/inspector';

export default function ReleaseAlertsUnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [machine] = useState(() => releaseAlertsUnsubscribeMachine.provide({ actors: releaseAlertsUnsubscribeActors() }));
  const actor = useActorRef(machine, { inspect });
  const view = useSelector(actor, releaseAlertsUnsubscribeView, shallowEqual);
  const token = params.get('token');
  useEffect(() => actor.send({ type: 'unsubscribe.open', token }), [actor, token]);

  return (
    <Container maxW="xl" py={{ base: 10, md: 16 }} data-testid="release-alerts-unsubscribe-page" data-status={view.status}>
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {t('release_alerts.unsubscribe.title')}
        </Heading>
        {view.status === 'working' && (
          <Stack direction="row" gap="3" align="center" role="status">
            <Spinner size="sm" />
            <Text>{t('release_alerts.unsubscribe.working')}</Text>
          </Stack>
        )}
        {view.status === 'asking' && (
          <Stack gap="4">
            <Text>{t('release_alerts.unsubscribe.ask')}</Text>
            <Box>
              <Button colorPalette="brand" onClick={() => actor.send({ type: 'unsubscribe.confirm' })} data-testid="release-alerts-unsubscribe-button">
                {t('release_alerts.unsubscribe.button')}
              </Button>
            </Box>
          </Stack>
        )}
        {view.status === 'done' && (
          <Alert.Root status="success" data-testid="release-alerts-unsubscribe-done">
            <Alert.Indicator />
            <Alert.Description>{t('release_alerts.unsubscribe.done')}</Alert.Description>
          </Alert.Root>
        )}
        {view.status === 'invalid' && (
          <Alert.Root status="error" data-testid="release-alerts-unsubscribe-invalid">
            <Alert.Indicator />
            <Alert.Description>{t(view.reasonKey ?? 'release_alerts.unsubscribe.invalid')}</Alert.Description>
          </Alert.Root>
        )}
        {view.status === 'failed' && (
          <Alert.Root status="warning" data-testid="release-alerts-unsubscribe-failed">
            <Alert.Indicator />
            <Stack gap="2" flex="1">
              <Alert.Description>{t('release_alerts.unsubscribe.network')}</Alert.Description>
              <Box>
                <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'unsubscribe.retry' })}>
                  {t('release_alerts.unsubscribe.retry')}
                </Button>
              </Box>
            </Stack>
          </Alert.Root>
        )}
        <Text>
          <RouterLink to="/home">{t('release_alerts.unsubscribe.home')}</RouterLink>
        </Text>
      </Stack>
    </Container>
  );
}
