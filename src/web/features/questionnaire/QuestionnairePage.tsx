// The steps page (routes steps, steps/1 … steps/5) and, with meta.editor, my-form-editor. Who fills the form
// in decides the mode: signed out → anonymous, signed in → member (the user's form of this year), the editor
// route → editor (the user's latest form). The machine lives while the page does; the address follows its
// step (/steps/3 is step 2) and the browser's back and forward ask it to jump.
import { useEffect, useRef, type FormEvent } from 'react';
import { Alert, Button, Card, Container, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useBlocker, useLocation, useNavigate } from 'react-router-dom';
import type { QuestionnaireMode } from '../../../../machines/questionnaire/questionnaireMachine';
import { ANONYMOUS } from '../../../../machines/questionnaire/actors';
import {
  COMPLETED_PATH,
  blocksNavigation,
  completionView,
  leaveWarningArmed,
  loadFailureView,
  navigationView,
  phaseOf,
  problemSummaryView,
  questionNames,
  sameView,
  yearlyUpdateOffer,
} from '../../../../machines/questionnaire/viewModel';
import type { PageProps } from '../../kernel/lazyPage';
import { useConfirm } from '../../components/ConfirmModal';
import { useAuthStatus, useCurrentUser, useLanguage } from '../../kernel/session';
import { ProgressSteps } from './ProgressSteps';
import { QuestionField, type QuestionnaireActorRef } from './QuestionField';
import { StepNavigation } from './StepNavigation';
import { questionnaireLogic } from './questionnaireLogic';
import { inspect } from '../../kernel/inspector';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { PAGE_FRAMES, PageIntro, PageIntroLoading } from '../../components/PageIntro';
import { QUESTIONNAIRE_HEADING } from '../../../domain/routes';
import { useDeferredSelector } from '../../kernel/useDeferredSelector';

/** The address of a step: steps/1 … steps/5. */
export const stepPath = (stepIndex: number) => `/steps/${stepIndex + 1}`;

export default function QuestionnairePage({ meta }: PageProps) {
  const status = useAuthStatus();
  const user = useCurrentUser();
  const editor = meta?.editor === true;
  // Whose form it is must be known first: the session is restored on load (the heading the router showed
  // while the page loaded stays in place meanwhile; the editor's depends on the form's year).
  if (status === 'unknown') return editor ? <LoadingSpinner /> : <PageIntroLoading heading={QUESTIONNAIRE_HEADING} />;
  if (editor && !user) return <Navigate to="/steps" replace />;
  const mode: QuestionnaireMode = editor ? 'editor' : user ? 'member' : 'anonymous';
  const owner = user?._id ?? ANONYMOUS;
  return <QuestionnaireScreen key={`${mode}:${owner}`} mode={mode} owner={owner} routeStep={meta?.stepIndex ?? 0} />;
}

interface ScreenProps {
  mode: QuestionnaireMode;
  owner: string;
  routeStep: number;
}

function QuestionnaireScreen({ mode, owner, routeStep }: ScreenProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const actor = useActorRef(questionnaireLogic(), {
    input: { mode, owner, stepIndex: routeStep, language },
    inspect,
  });
  // The step's questions appear in slices once the definition arrives (useDeferredSelector.ts).
  const phase = useDeferredSelector(actor, phaseOf);
  const leaveWarning = useSelector(actor, leaveWarningArmed);

  useLanguageFollowing(actor, language);
  useAddressFollowing(actor, mode, routeStep);
  const leaveModal = useLeaveConfirmation(actor);

  return (
    <Container
      maxW={PAGE_FRAMES.narrow.maxW}
      py={PAGE_FRAMES.narrow.py}
      data-testid="questionnaire-page"
      data-mode={mode}
      data-phase={phase}
      data-leave-warning={leaveWarning ? 'armed' : 'quiet'}
    >
      <Stack gap={PAGE_FRAMES.narrow.gap}>
        <Header actor={actor} mode={mode} />
        {phase === 'loading' && <LoadingSpinner label={t('questionnaire.loading')} />}
        {phase === 'loadFailed' && <LoadFailure actor={actor} />}
        {phase === 'missing' && <Missing />}
        {phase === 'editing' && <Answering actor={actor} />}
        {phase === 'completed' && <Completion actor={actor} />}
      </Stack>
      {leaveModal}
    </Container>
  );
}

/** Numbers are read and shown in the interface language: a switch re-formats them. */
function useLanguageFollowing(actor: QuestionnaireActorRef, language: ReturnType<typeof useLanguage>) {
  useEffect(() => {
    if (actor.getSnapshot().context.language !== language) actor.send({ type: 'questionnaire.language', language });
  }, [actor, language]);
}

/**
 * The address and the machine's step agree: when the route changes (back / forward, a link), the machine is
 * asked to jump there, and if it may not, the address goes back to the step shown; when the machine moves
 * (next, back, a jump, resuming), the address follows. The editor has one address.
 */
function useAddressFollowing(actor: QuestionnaireActorRef, mode: QuestionnaireMode, routeStep: number) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const machineStep = useSelector(actor, (snapshot) => snapshot.context.stepIndex);
  const editing = useSelector(actor, (snapshot) => snapshot.matches('editing'));
  const completed = useSelector(actor, (snapshot) => phaseOf(snapshot) === 'completed');
  const lastRoute = useRef(routeStep);
  const synced = useRef(false);
  const onCompletedPath = pathname === COMPLETED_PATH;
  // A completed questionnaire has its own address (a reload shows the completion, not the last step); the
  // completed address of a questionnaire still being answered shows the step.
  useEffect(() => {
    if (mode === 'editor') return;
    if (completed && !onCompletedPath) navigate(COMPLETED_PATH, { replace: true });
    else if (editing && onCompletedPath) navigate(stepPath(machineStep), { replace: true });
  }, [mode, completed, editing, onCompletedPath, machineStep, navigate]);
  useEffect(() => {
    if (mode === 'editor' || !editing || onCompletedPath) return;
    const routeMoved = lastRoute.current !== routeStep;
    lastRoute.current = routeStep;
    const first = !synced.current;
    synced.current = true;
    if (routeStep === machineStep) return;
    if (routeMoved && !first) {
      const jump = { type: 'questionnaire.goTo' as const, step: routeStep };
      if (actor.getSnapshot().can(jump)) {
        actor.send(jump);
        return;
      }
      navigate(stepPath(machineStep), { replace: true });
      return;
    }
    navigate(stepPath(machineStep), { replace: first });
  }, [actor, mode, editing, onCompletedPath, routeStep, machineStep, navigate]);
}

/**
 * An in-app link away from an unfinished questionnaire asks first (the confirm modal, kind leave), like the
 * browser does on reload or close: the machine's leave warning decides (blocksNavigation).
 */
function useLeaveConfirmation(actor: QuestionnaireActorRef) {
  const confirm = useConfirm('leave');
  const blocker = useBlocker(({ nextLocation }) => blocksNavigation(actor.getSnapshot(), nextLocation.pathname));
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm.ask('leave').then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, confirm]);
  return confirm.modal;
}

function Header({ actor, mode }: { actor: QuestionnaireActorRef; mode: QuestionnaireMode }) {
  const { t } = useTranslation();
  const year = useSelector(actor, (snapshot) => snapshot.context.surveyYear);
  return (
    <PageIntro
      title={t(mode === 'editor' ? 'questionnaire.editor_title' : QUESTIONNAIRE_HEADING.title)}
      intro={mode === 'editor' && year ? t('questionnaire.editor_intro', { year }) : t(QUESTIONNAIRE_HEADING.intro)}
      testId="questionnaire-title"
    />
  );
}

function Answering({ actor }: { actor: QuestionnaireActorRef }) {
  const { t } = useTranslation();
  const names = useSelector(actor, questionNames, sameView);
  const stepIndex = useSelector(actor, (snapshot) => snapshot.context.stepIndex);
  const titleKey = useSelector(actor, (snapshot) => snapshot.context.definition?.steps[stepIndex]?.key ?? '');
  const isLastStep = useSelector(actor, (snapshot) => navigationView(snapshot).isLastStep);
  const invalid = useSelector(actor, (snapshot) => navigationView(snapshot).invalid);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(stepIndex);
  // A new step: focus its heading, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (shownStep.current === stepIndex) return;
    shownStep.current = stepIndex;
    headingRef.current?.focus();
  }, [stepIndex]);

  // Going on was refused: the first answer with a problem gets the focus (and comes into view); the summary
  // above the questions announces how many need attention.
  useEffect(() => {
    const subscription = actor.on('questionnaire.problemsShown', (event) => {
      requestAnimationFrame(() => {
        const input = document.querySelector<HTMLElement>(`[data-testid="question-${CSS.escape(event.field)}"]`);
        if (!input) return;
        input.scrollIntoView({ block: 'center' });
        input.focus({ preventScroll: true });
      });
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: isLastStep ? 'questionnaire.submit' : 'questionnaire.next' });
  };

  return (
    <Stack gap="6">
      <YearlyUpdateOffer actor={actor} />
      <ProgressSteps actor={actor} />
      <Card.Root asChild data-testid="questionnaire-step" data-step={stepIndex} data-invalid={invalid ? 'true' : 'false'}>
        <form onSubmit={submit} noValidate>
          <Card.Header>
            <Text fontSize="sm" color="fg.muted" data-testid="questionnaire-step-of">
              {t('questionnaire.step_of', { current: stepIndex + 1, count: 5 })}
            </Text>
            <Heading as="h2" size="lg" ref={headingRef} tabIndex={-1} data-testid="questionnaire-step-title" _focus={{ outline: 'none' }}>
              {t(titleKey)}
            </Heading>
          </Card.Header>
          <Card.Body>
            <Stack gap="5">
              <ProblemSummary actor={actor} />
              {names.map((name) => (
                <QuestionField key={name} actor={actor} name={name} />
              ))}
            </Stack>
          </Card.Body>
          <Card.Footer display="block">
            <StepNavigation actor={actor} />
          </Card.Footer>
        </form>
      </Card.Root>
    </Stack>
  );
}

/** The problems of the step once the person tried to go on, announced at once (role=alert). */
function ProblemSummary({ actor }: { actor: QuestionnaireActorRef }) {
  const { t } = useTranslation();
  const summary = useSelector(actor, problemSummaryView, sameView);
  if (!summary) return null;
  return (
    <Alert.Root status="error" role="alert" data-testid="questionnaire-problems" data-count={summary.problems.length}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('questionnaire.problems.title', { count: summary.problems.length })}</Alert.Title>
        <Alert.Description>
          <List.Root ps="4">
            {summary.problems.map((problem) => (
              <List.Item key={problem.field}>{t(problem.labelKey)}</List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Signed in with last year's form only: starting from it (update-data) beats typing everything again. */
function YearlyUpdateOffer({ actor }: { actor: QuestionnaireActorRef }) {
  const { t } = useTranslation();
  const year = useSelector(actor, yearlyUpdateOffer);
  if (year === null) return null;
  return (
    <Alert.Root status="info" data-testid="questionnaire-update-offer">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('questionnaire.update_offer', { year })}</Alert.Title>
      </Alert.Content>
      <Button asChild size="sm" variant="outline">
        <RouterLink to="/update-data">{t('questionnaire.update_offer_link')}</RouterLink>
      </Button>
    </Alert.Root>
  );
}

function LoadFailure({ actor }: { actor: QuestionnaireActorRef }) {
  const { t } = useTranslation();
  const failure = useSelector(actor, loadFailureView, sameView);
  return (
    <Alert.Root status="error" data-testid="questionnaire-load-failure">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{failure ? t(failure.messageKey) : null}</Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'questionnaire.retry' })} data-testid="questionnaire-load-retry">
        {t('questionnaire.actions.retry')}
      </Button>
    </Alert.Root>
  );
}

function Missing() {
  const { t } = useTranslation();
  return (
    <Card.Root data-testid="questionnaire-missing">
      <Card.Body gap="4">
        <Heading as="h2" size="lg">
          {t('questionnaire.missing.title')}
        </Heading>
        <Text color="fg.muted">{t('questionnaire.missing.text')}</Text>
        <Button asChild colorPalette="brand" alignSelf="flex-start">
          <RouterLink to="/steps">{t('questionnaire.missing.start')}</RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

function Completion({ actor }: { actor: QuestionnaireActorRef }) {
  const { t } = useTranslation();
  const completion = useSelector(actor, completionView, sameView);
  const editor = completion.mode === 'editor';
  return (
    <Card.Root data-testid="questionnaire-completed" borderColor="brand.emphasized">
      <Card.Body gap="4">
        <Heading as="h2" size="xl" data-testid="questionnaire-completed-title">
          {t(editor ? 'questionnaire.completed.editor_title' : 'questionnaire.completed.title')}
        </Heading>
        <Text color="fg.muted">
          {t(
            completion.offerRegistration
              ? 'questionnaire.completed.anonymous_text'
              : editor
                ? 'questionnaire.completed.editor_text'
                : 'questionnaire.completed.member_text',
          )}
        </Text>
        <Text color="fg.muted" data-testid="questionnaire-next-release">
          {t(completion.offerRegistration ? 'questionnaire.completed.next_release_anonymous' : 'questionnaire.completed.next_release')}
        </Text>
        <HStack gap="3" wrap="wrap">
          {completion.offerRegistration && completion.formId ? (
            <>
              <Button asChild colorPalette="brand" data-testid="questionnaire-register">
                <RouterLink to={`/register/individual/form/${completion.formId}`} state={{ email: completion.email }}>
                  {t('questionnaire.completed.register')}
                </RouterLink>
              </Button>
              {/* Signing in claims this browser's questionnaire for the account (SignInRequest.formId). */}
              <Text color="fg.muted">{t('questionnaire.completed.sign_in_text')}</Text>
              <Button asChild variant="outline" data-testid="questionnaire-sign-in">
                <RouterLink to="/login">{t('questionnaire.completed.sign_in')}</RouterLink>
              </Button>
            </>
          ) : (
            <>
              <Button asChild colorPalette="brand" data-testid="questionnaire-to-comparison">
                <RouterLink to="/comparison?group=mine">{t('questionnaire.completed.to_comparison')}</RouterLink>
              </Button>
              <Button asChild variant="outline" data-testid="questionnaire-to-my-form">
                <RouterLink to="/my-form">{t('questionnaire.completed.to_my_form')}</RouterLink>
              </Button>
              {completion.mode === 'member' && (
                <Button asChild variant="ghost" data-testid="questionnaire-edit">
                  <RouterLink to="/my-form-editor">{t('questionnaire.completed.edit')}</RouterLink>
                </Button>
              )}
            </>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
