// The progress indicator: Chakra's Steps as a controlled component of the questionnaire machine. The machine
// says which step is shown and which are saved and reachable; a click asks it to jump (`questionnaire.goTo`),
// and it alone decides.
import { Box, Steps } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { progressView, sameView } from '../../../../machines/questionnaire/viewModel';
import type { QuestionnaireActorRef } from './QuestionField';

function Check() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function ProgressSteps({ actor }: { actor: QuestionnaireActorRef }) {
  const { t } = useTranslation();
  const progress = useSelector(actor, progressView, sameView);
  return (
    <Box as="nav" aria-label={t('questionnaire.progress_label')} data-testid="questionnaire-progress" overflowX="auto" pb="2">
      <Steps.Root
        step={progress.stepIndex}
        count={progress.count}
        onStepChange={(details) => actor.send({ type: 'questionnaire.goTo', step: details.step })}
        colorPalette="brand"
        size="sm"
        minW="36rem"
      >
        <Steps.List>
          {progress.steps.map((step) => (
            <Steps.Item
              key={step.index}
              index={step.index}
              data-testid={`progress-step-${step.index}`}
              data-saved={step.saved || undefined}
              data-current={step.current || undefined}
            >
              <Steps.Trigger
                disabled={!step.reachable}
                aria-current={step.current ? 'step' : undefined}
                aria-label={t('questionnaire.actions.go_to_step', { step: step.index + 1, title: t(step.titleKey) })}
                data-testid={`progress-trigger-${step.index}`}
              >
                <Steps.Indicator
                  bg={step.saved && !step.current ? 'brand.solid' : undefined}
                  color={step.saved && !step.current ? 'brand.contrast' : undefined}
                  borderColor={step.saved || step.current ? 'brand.solid' : undefined}
                >
                  {step.saved && !step.current ? <Check /> : step.index + 1}
                </Steps.Indicator>
                <Steps.Title fontWeight={step.current ? 'semibold' : 'normal'}>{t(step.titleKey)}</Steps.Title>
              </Steps.Trigger>
              <Steps.Separator />
            </Steps.Item>
          ))}
        </Steps.List>
      </Steps.Root>
    </Box>
  );
}
