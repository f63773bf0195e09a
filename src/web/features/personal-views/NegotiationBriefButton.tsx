// The negotiation brief's button on the personalised comparison: one click downloads the PDF in the reader's
// language (machines/negotiationBrief). A plan without the brief is told which plan includes it, with the way to
// the plans; a failure goes to the error catalogue. Hidden where no plan can unlock it (corporate accounts).
import { useEffect, useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { premiumPathFor } from '../../../../machines/premiumModal/viewModel';
import { negotiationBriefMachine } from '../../../../machines/negotiationBrief/negotiationBriefMachine';
import { negotiationBriefActors } from '../../../../machines/negotiationBrief/actors';
import { negotiationBriefView } from '../../../../machines/negotiationBrief/viewModel';
import { sameView } from '../../../../machines/comparison/viewModel';
import { featureAccess } from '../../../domain/entitlements';
import { useCurrentUser, useLanguage, useNotifyFailure } from '../../kernel/session';
import { useAppConfig } from '../../kernel/appConfig';
import { inspect } from '../../kernel/inspector';

export function NegotiationBriefButton() {
  const user = useCurrentUser();
  const premiumEnabled = useAppConfig()?.premiumEnabled ?? false;
  const offered = user !== null && featureAccess({ roles: user.role, premiumType: user.premiumType }, 'negotiationBrief', premiumEnabled).kind !== 'forbidden';
  return offered ? <BriefDownload /> : null;
}

function BriefDownload() {
  const { t } = useTranslation();
  const language = useLanguage();
  const onFailure = useNotifyFailure();
  const [machine] = useState(() => negotiationBriefMachine.provide({ actors: negotiationBriefActors() }));
  const actor = useActorRef(machine, { inspect });
  const view = useSelector(actor, negotiationBriefView, sameView);

  useEffect(() => {
    const subscription = actor.on('brief.failed', (event) => onFailure(event.failure));
    return () => subscription.unsubscribe();
  }, [actor, onFailure]);

  return (
    <Stack gap="2" align="start" data-testid="negotiation-brief" data-phase={view.phase}>
      <HStack gap="3" wrap="wrap">
        <Button
          colorPalette="brand"
          variant="outline"
          loading={view.phase === 'busy'}
          disabled={!view.canDownload}
          onClick={() => actor.send({ type: 'brief.download', language })}
          data-testid="negotiation-brief-download"
        >
          {t('brief.download')}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {t('brief.hint')}
        </Text>
      </HStack>
      <HStack gap="3" wrap="wrap" role="status" aria-live="polite">
        {view.messageKey && (
          <Text fontSize="sm" color={view.phase === 'failed' ? 'fg.error' : 'fg.muted'} data-testid="negotiation-brief-message">
            {t(view.messageKey)}
          </Text>
        )}
        {view.requiredPlan && (
          <Button asChild size="sm" colorPalette="brand">
            <RouterLink to={premiumPathFor('negotiationBrief', view.requiredPlan)}>{t('brief.see_plans')}</RouterLink>
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
