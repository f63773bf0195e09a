// Back, next (or send / save on the last step), the save status and, after a failed save, what went wrong and
// a retry. Everything is read from the navigation view model; the buttons only send events.
import type { MouseEvent } from 'react';
import { Alert, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { navigationView, sameView } from '../../../../machines/questionnaire/viewModel';
import type { QuestionnaireActorRef } from './QuestionField';
import { LoadingSpinner } from '../../components/LoadingSpinner';

export function SaveFailure({ actor }: { actor: QuestionnaireActorRef }) {
  const { t } = useTranslation();
  const failure = useSelector(actor, (snapshot) => navigationView(snapshot).failure, sameView);
  if (!failure) return null;
  return (
    <Alert.Root status={failure.offline ? 'warning' : 'error'} data-testid="save-failure" data-offline={failure.offline || undefined}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(failure.messageKey)}</Alert.Title>
        {failure.messages.length > 0 && (
          <Alert.Description>
            <List.Root ps="4">
              {failure.messages.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List.Root>
          </Alert.Description>
        )}
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'questionnaire.retry' })} data-testid="save-retry">
        {t('questionnaire.actions.retry')}
      </Button>
    </Alert.Root>
  );
}

/**
 * Pressing Next with the pointer must not take the focus from the answer being typed: leaving it shows its problem,
 * the step grows, the button moves away from under the pointer before the press ends and the click is lost (focus
 * stayed on Next until a second press). Kept in the answer, the click lands; the machine's problemsShown then moves
 * the focus to the first answer with a problem. Keyboard users are unaffected.
 */
const keepFocusOnPress = (event: MouseEvent) => event.preventDefault();

export function StepNavigation({ actor }: { actor: QuestionnaireActorRef }) {
  const { t } = useTranslation();
  const nav = useSelector(actor, navigationView, sameView);
  return (
    <Stack gap="4">
      <SaveFailure actor={actor} />
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Button
          variant="outline"
          disabled={!nav.canGoBack}
          onClick={() => actor.send({ type: 'questionnaire.back' })}
          data-testid="questionnaire-back"
          visibility={nav.isFirstStep ? 'hidden' : 'visible'}
        >
          {t('questionnaire.actions.back')}
        </Button>
        <HStack gap="4">
          <Text
            fontSize="sm"
            color={nav.saveStatus === 'failed' ? 'fg.error' : 'fg.muted'}
            data-testid="save-status"
            data-status={nav.saveStatus}
            aria-live="polite"
          >
            {nav.saveStatus === 'saving' && <LoadingSpinner variant="inline" data-testid="save-loading" />}
            {nav.saveStatus === 'idle' ? '' : t(`questionnaire.save_status.${nav.saveStatus}`)}
          </Text>
          {/* Next, or submit on the last step: the key keeps them two buttons (reaching the last step replaces Next, not relabels it). */}
          <Button
            key={nav.isLastStep ? 'submit' : 'next'}
            type="submit"
            colorPalette="brand"
            loading={nav.saving}
            disabled={nav.isLastStep ? !nav.canSubmit : !nav.canGoNext}
            onMouseDown={keepFocusOnPress}
            data-testid={nav.isLastStep ? 'questionnaire-submit' : 'questionnaire-next'}
          >
            {nav.isLastStep ? t(nav.submitLabelKey) : t('questionnaire.actions.next')}
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}
