// The release alerts section of the settings page (machines/releaseAlerts): the switch and the threshold for a
// member whose plan includes the alerts, the upsell to the plan that does (the premium modal of /become-premium)
// for the others.
import { useState } from 'react';
import { Alert, Box, Button, Card, Field, Heading, Input, Spinner, Stack, Switch, Text } from '@chakra-ui/react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { premiumPathFor } from '../../../../machines/premiumModal/viewModel';
import { releaseAlertsMachine } from '../../../../machines/releaseAlerts/releaseAlertsMachine';
import { releaseAlertsActors } from '../../../../machines/releaseAlerts/actors';
import { releaseAlertsView } from '../../../../machines/releaseAlerts/viewModel';
import { RELEASE_ALERT_THRESHOLD } from '../../../domain/releaseAlerts';
import { inspect } from '../../kernel/inspector';

export function ReleaseAlertsSettings() {
  const { t } = useTranslation();
  const [machine] = useState(() => releaseAlertsMachine.provide({ actors: releaseAlertsActors() }));
  const actor = useActorRef(machine, { inspect });
  const view = useSelector(actor, releaseAlertsView, shallowEqual);

  return (
    <Card.Root data-testid="settings-release-alerts" data-status={view.status}>
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            {t('release_alerts.title')}
          </Heading>
          <Text color="fg.muted">{t('release_alerts.text')}</Text>
        </Stack>
        {view.status === 'loading' && (
          <Stack direction="row" gap="3" align="center" role="status">
            <Spinner size="sm" />
            <Text>{t('release_alerts.loading')}</Text>
          </Stack>
        )}
        {view.status === 'loadFailed' && (
          <Alert.Root status="warning" data-testid="release-alerts-load-failed">
            <Alert.Indicator />
            <Stack gap="2" flex="1">
              <Alert.Description>{t('release_alerts.load_failed')}</Alert.Description>
              <Box>
                <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'releaseAlerts.retry' })}>
                  {t('release_alerts.retry')}
                </Button>
              </Box>
            </Stack>
          </Alert.Root>
        )}
        {view.status === 'premium' && (
          <Stack gap="3" align="flex-start" data-testid="release-alerts-upsell">
            <Text>{t('release_alerts.upsell', { plan: t(`payments.plans.${view.requiredPlan ?? 'premium'}`) })}</Text>
            <Button asChild colorPalette="brand" variant="outline" size="sm">
              <RouterLink to={premiumPathFor('releaseAlerts', view.requiredPlan ?? 'premium')} data-testid="release-alerts-upgrade">
                {t('release_alerts.upgrade')}
              </RouterLink>
            </Button>
          </Stack>
        )}
        {view.status === 'editing' && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'releaseAlerts.save' });
            }}
          >
            <Stack gap="4">
              <Switch.Root
                colorPalette="brand"
                checked={view.enabled}
                onCheckedChange={(details) => actor.send({ type: 'releaseAlerts.toggle', enabled: details.checked })}
                data-testid="release-alerts-switch"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{t('release_alerts.enabled')}</Switch.Label>
              </Switch.Root>
              <Field.Root invalid={view.noticeKey === 'release_alerts.invalid_threshold'} maxW="xs">
                <Field.Label>{t('release_alerts.threshold')}</Field.Label>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={RELEASE_ALERT_THRESHOLD.min}
                  max={RELEASE_ALERT_THRESHOLD.max}
                  step={1}
                  value={view.thresholdPercent ?? ''}
                  onChange={(event) =>
                    actor.send({ type: 'releaseAlerts.setThreshold', thresholdPercent: event.target.value === '' ? Number.NaN : Number(event.target.value) })
                  }
                  data-testid="release-alerts-threshold"
                />
                <Field.HelperText>{t('release_alerts.threshold_hint')}</Field.HelperText>
                <Field.ErrorText data-testid="release-alerts-invalid">{t('release_alerts.invalid_threshold')}</Field.ErrorText>
              </Field.Root>
              <Text fontSize="sm" color="fg.muted">
                {t('release_alerts.p25_rule')}
              </Text>
              {view.noticeKey && view.noticeKey !== 'release_alerts.invalid_threshold' && (
                <Alert.Root status={view.noticeTone === 'success' ? 'success' : 'error'} data-testid="release-alerts-notice">
                  <Alert.Indicator />
                  <Alert.Title>{t(view.noticeKey)}</Alert.Title>
                </Alert.Root>
              )}
              <Button
                type="submit"
                alignSelf="flex-start"
                colorPalette="brand"
                loading={view.saving}
                disabled={!view.canSave}
                data-testid="release-alerts-save"
              >
                {t('release_alerts.save')}
              </Button>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}
