// register/individual and register/individual/form/{id} (public): a person registers as a member. With a
// form — the one in the address, or the questionnaire this browser started (questionaryID) — the account
// claims it when it is still unclaimed (machines/registration/memberRegistrationMachine.ts decides, and
// carries on without it when it was claimed meanwhile). The address is prefilled from the questionnaire (or
// formEmail). Signed up, the person is signed in through the auth actor and goes where the machine says: their
// personalised comparison when they took a completed questionnaire along, otherwise register/individual/complete.
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Container, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { STORAGE_KEYS, TOAST_DEFAULT_MS, looksLikeEmail } from '../../../domain/constants';
import { forgetStoredForm, readStoredFormId } from '../../../../machines/questionnaire/actors';
import { memberRegistrationMachine } from '../../../../machines/registration/memberRegistrationMachine';
import { memberRegistrationActors } from '../../../../machines/registration/actors';
import { memberRegistrationView, sameMemberRegistrationView } from '../../../../machines/registration/viewModel';
import { newPasswordProblem } from '../../kernel/passwordRules';
import { useAuthActor, useCurrentUser, useLanguage, useShowMessage } from '../../kernel/session';
import { browserStorage } from '../../kernel/browserStorage';
import { REGISTRATION_MAIL_SENT } from '../../../../machines/auth/failure';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { inspect } from '../../kernel/inspector';
import { useAppConfig } from '../../kernel/appConfig';
import { premiumLocked } from '../../kernel/navigation';
import { PageHeading } from '../../components/PageIntro';

/** localStorage formEmail (captured from ?email= links by the campaign flow). */
function readFormEmail(): string | null {
  try {
    return browserStorage()?.getItem(STORAGE_KEYS.formEmail) ?? null;
  } catch {
    return null;
  }
}

const registration = memberRegistrationMachine.provide({ actors: memberRegistrationActors() });

export default function RegisterIndividualPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { id } = useParams();
  const storedId = useMemo(() => readStoredFormId(browserStorage()), []);
  const formId = id ?? storedId;

  if (user) {
    return (
      <Frame>
        <Text data-testid="register-individual-signed-in">{t('register_individual.signed_in', { email: user.email })}</Text>
        <Button asChild colorPalette="brand" alignSelf="flex-start">
          <RouterLink to="/my-form">{t('register_individual.to_my_form')}</RouterLink>
        </Button>
      </Frame>
    );
  }
  return <Registration key={formId ?? 'none'} formId={formId} />;
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container maxW="md" py={{ base: 10, md: 16 }} data-testid="register-individual-page">
      <Card.Root>
        <Card.Body gap="6">
          <PageHeading gap="2" testId="register-individual-title" title={t('register_individual.title')} intro={t('register_individual.intro')} />
          {children}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

function Registration({ formId }: { formId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuthActor();
  const language = useLanguage();
  const showMessage = useShowMessage();
  const location = useLocation();
  // A new member has the free plan: the entitlement table decides whether it opens their personalised comparison.
  const personalViewsLocked = premiumLocked(useAppConfig()?.premiumEnabled ?? false, { role: ['member'], premiumType: 'free' }, 'personalComparison');
  const registrationActor = useActorRef(registration, { input: { formId, personalViewsLocked }, inspect });
  const view = useSelector(registrationActor, memberRegistrationView, sameMemberRegistrationView);
  const stateEmail = (location.state as { email?: unknown } | null)?.email;
  const prefill = typeof stateEmail === 'string' && stateEmail ? stateEmail : null;

  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [checked, setChecked] = useState(false);
  const email = typedEmail ?? prefill ?? view.formEmail ?? readFormEmail() ?? '';
  const problem = newPasswordProblem(password, confirmation);

  useEffect(() => {
    const subscription = registrationActor.on('memberRegistration.registered', ({ session, claimedFormId, to }) => {
      auth.send({ type: 'auth.sessionStarted', session });
      if (claimedFormId) forgetStoredForm(browserStorage());
      showMessage({
        kind: 'toast',
        status: 'success',
        durationMs: TOAST_DEFAULT_MS,
        titleKey: 'auth.register.success_title',
        textKey: 'auth.register.success',
      });
      navigate(to, { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [registrationActor, auth, showMessage, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem || !looksLikeEmail(email.trim())) return;
    registrationActor.send({ type: 'memberRegistration.submit', fields: { email: email.trim(), password, language } });
  };
  const edited = () => registrationActor.send({ type: 'memberRegistration.edit' });

  const emailProblem = checked && !looksLikeEmail(email.trim());
  const passwordProblem = checked ? problem : null;

  return (
    <Frame>
      {view.claiming && (
        <Alert.Root status="info" data-testid="register-individual-form-attached">
          <Alert.Indicator />
          <Alert.Title>{t('register_individual.form_attached')}</Alert.Title>
        </Alert.Root>
      )}
      {view.formNotFound && (
        <Alert.Root status="warning" data-testid="register-individual-form-not-found">
          <Alert.Indicator />
          <Alert.Title>{t('register_individual.form_not_found')}</Alert.Title>
        </Alert.Root>
      )}
      {view.errorKey && (
        // A registration of an address that already has an account is no error to show in red: its owner
        // was e-mailed (the server does not say more, so nobody learns which addresses are registered).
        <Alert.Root status={view.errorCode === REGISTRATION_MAIL_SENT ? 'info' : 'error'} data-testid="register-individual-error">
          <Alert.Indicator />
          <Alert.Title>{t(view.errorKey, { defaultValue: t('auth.unknown') })}</Alert.Title>
        </Alert.Root>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Field.Root invalid={emailProblem} required>
            <Field.Label>{t('register_individual.email')}</Field.Label>
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setTypedEmail(event.target.value);
                edited();
              }}
              data-testid="register-individual-email"
            />
            {emailProblem && <Field.ErrorText>{t('questionnaire.validation.invalidEmail')}</Field.ErrorText>}
          </Field.Root>
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={(value) => {
              setPassword(value);
              edited();
            }}
            onConfirmationChange={(value) => {
              setConfirmation(value);
              edited();
            }}
            problem={passwordProblem}
            labelKeys={{ password: 'register_individual.password', confirmation: 'register_individual.confirm' }}
            testIds={{ password: 'register-individual-password', confirmation: 'register-individual-confirm' }}
          />
          <Button type="submit" colorPalette="brand" loading={view.busy} disabled={view.checking} data-testid="register-individual-submit">
            {t('register_individual.submit')}
          </Button>
        </Stack>
      </form>
      <Text fontSize="sm" color="fg.muted">
        {t('register_individual.have_account')}{' '}
        <Link asChild color="brand.fg">
          <RouterLink to="/login">{t('register_individual.sign_in')}</RouterLink>
        </Link>
      </Text>
    </Frame>
  );
}
