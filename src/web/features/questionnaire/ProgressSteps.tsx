// The progress indicator of the questionnaire: an ordered list of the five steps, the current one marked
// with aria-current="step" (a list, not a tabs widget: the steps have no panels of their own). A saved,
// reachable step is a button that asks the machine to jump (`questionnaire.goTo`); the machine alone decides.
// On a phone all five steps stay in one row as numbered circles joined by lines (titles for screen readers
// only), under "Step 3 of 5 · title" and a progress bar, so the current step is always in sight and nothing
// scrolls; wider screens show each circle over its title.
import type { ReactNode } from 'react';
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
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

function Indicator({ saved, current, children }: { saved: boolean; current: boolean; children: ReactNode }) {
  const filled = saved && !current;
  return (
    <Flex
      as="span"
      flexShrink={0}
      align="center"
      justify="center"
      boxSize="8"
      rounded="full"
      borderWidth="2px"
      borderColor={saved || current ? 'brand.solid' : 'border.emphasized'}
      bg={filled ? 'brand.solid' : current ? 'brand.subtle' : 'bg'}
      color={filled ? 'brand.contrast' : current ? 'brand.fg' : 'fg.muted'}
      fontSize="sm"
      fontWeight="semibold"
    >
      {children}
    </Flex>
  );
}

export function ProgressSteps({ actor }: { actor: QuestionnaireActorRef }) {
  const { t } = useTranslation();
  const progress = useSelector(actor, progressView, sameView);
  const current = progress.steps[progress.stepIndex];
  const percent = ((progress.stepIndex + 1) / progress.count) * 100;

  return (
    <Box as="nav" aria-label={t('questionnaire.progress_label')} data-testid="questionnaire-progress">
      {/* Phones: where the person is, in words and as a bar (the list below repeats it for screen readers). */}
      <Stack gap="2" mb="3" hideFrom="md" aria-hidden="true" data-testid="questionnaire-progress-compact">
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
          {t('questionnaire.step_of', { current: progress.stepIndex + 1, count: progress.count })}
          {current ? ` · ${t(current.titleKey)}` : ''}
        </Text>
        <Box h="1.5" rounded="full" bg="bg.emphasized" overflow="hidden">
          <Box h="full" w={`${percent}%`} bg="brand.solid" rounded="full" />
        </Box>
      </Stack>
      <Flex as="ol" listStyleType="none" m="0" p="0" gap={{ base: 1, md: 2 }} justify="space-between">
        {progress.steps.map((step, i) => {
          const title = t(step.titleKey);
          return (
            <Flex
              as="li"
              key={step.index}
              flex={{ base: i < progress.count - 1 ? '1' : '0 0 auto', md: '1' }}
              align={{ base: 'center', md: 'flex-start' }}
              gap="1"
              minW="0"
              data-testid={`progress-step-${step.index}`}
              data-saved={step.saved || undefined}
              data-current={step.current || undefined}
            >
              <Button
                variant="ghost"
                size="sm"
                px="1"
                py="1"
                h="auto"
                minW="0"
                // Phones: the circle alone; wider screens: the circle over its title, which may wrap.
                flexDirection={{ base: 'row', md: 'column' }}
                gap={{ base: 2, md: 1 }}
                w={{ md: 'full' }}
                whiteSpace="normal"
                disabled={!step.reachable}
                // A disabled button is not reachable by Tab, but its text is still read; dimming it would
                // make the current and saved steps look unavailable.
                _disabled={{ opacity: 1, cursor: 'default' }}
                aria-current={step.current ? 'step' : undefined}
                onClick={() => actor.send({ type: 'questionnaire.goTo', step: step.index })}
                data-testid={`progress-trigger-${step.index}`}
              >
                <Indicator saved={step.saved} current={step.current}>
                  {step.saved && !step.current ? (
                    <>
                      <Check />
                      <Box as="span" srOnly>
                        {step.index + 1}
                      </Box>
                    </>
                  ) : (
                    step.index + 1
                  )}
                </Indicator>
                <Text
                  as="span"
                  srOnly={{ base: true, md: false }}
                  textAlign="center"
                  lineHeight="short"
                  fontSize="sm"
                  fontWeight={step.current ? 'semibold' : 'normal'}
                  color={step.current ? 'fg' : 'fg.muted'}
                >
                  {title}
                </Text>
                {step.saved && (
                  <Box as="span" srOnly>
                    {` (${t('questionnaire.progress_saved')})`}
                  </Box>
                )}
              </Button>
              {i < progress.count - 1 && (
                <Box as="span" aria-hidden="true" hideFrom="md" flex="1" minW="2" h="2px" bg={step.saved ? 'brand.solid' : 'border.emphasized'} />
              )}
            </Flex>
          );
        })}
      </Flex>
    </Box>
  );
}
