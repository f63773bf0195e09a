// The login page (login and reset-password are the same page). /login: the sign-in form (and
// the e-mail verification of a ?verifyToken= link); /reset-password: the "forgot password" form, or with
// ?token= (the e-mailed link) the new-password form. Errors show as auth.{code}.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Card, Container, Field, Heading, Input, Link, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { TOAST_DEFAULT_MS } from '../../../domain/constants';
import { authView, selectSecondStep } from '../../../../machines/auth/viewModel';
import { secondStepView } from '../../../../machines/auth/secondStepView';
import { roleLanding } from '../../../../machines/auth/landing';
import { accountRequests } from '../../../../machines/auth/requests';
import { parseProviderOutcome } from '../../../../machines/auth/authMachine';
import { signInMethods, type SignInMethods } from '../../../../machines/auth/actors';
import { provideResource } from '../../../../machines/resource/resourceMachine';
import { resourceView, sameResource } from '../../../../machines/resource/viewModel';
import { inspect } from '../../kernel/inspector';
import type { PageProps } from '../../kernel/lazyPage';
import { useAuthActor, useShowMessage } from '../../kernel/session';
import { useAccountRequest } from '../../kernel/useAccountRequest';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { RecoveryCodeList, TotpCodeField, TotpQrCode } from '../../components/SecondFactorParts';
import { PageHeading } from '../../components/PageIntro';

const requests = accountRequests();

function PageFrame({ title, subtitle, children, testId }: { title: string; subtitle?: string; children: ReactNode; testId: string }) {
  return (
    <Container maxW="md" py={{ base: 10, md: 16 }} data-testid={testId}>
      <Card.Root>
        <Card.Body gap="6">
          <PageHeading gap="2" testId="login-page-title" title={title} intro={subtitle || undefined} />
          {children}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

function ErrorAlert({ messageKey, testId }: { messageKey: string | null; testId: string }) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <Alert.Root status="error" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{t(messageKey, { defaultValue: t('auth.unknown') })}</Alert.Title>
    </Alert.Root>
  );
}

/** The sign-in methods (GET auth/providers): the password form, and a button per identity provider. */
function useSignInMethods(): SignInMethods {
  const [machine] = useState(() => provideResource(signInMethods()));
  const actor = useActorRef(machine, { inspect });
  const methods = useSelector(actor, (snapshot) => resourceView<SignInMethods>(snapshot), sameResource);
  // Until it answers (or when it fails), the password form alone, as before providers existed.
  return methods.status === 'ready' ? methods.data : { passwordSignIn: true, providers: [] };
}

/** "Continue with …": each configured identity provider; the browser leaves the app for it. */
function ProviderButtons({ methods }: { methods: SignInMethods }) {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const redirecting = useSelector(auth, (snapshot) => authView(snapshot).redirecting);
  if (methods.providers.length === 0) return null;
  return (
    <Stack gap="3" data-testid="login-providers">
      {methods.providers.map((provider) => (
        <Button
          key={provider.id}
          variant="outline"
          loading={redirecting}
          onClick={() => auth.send({ type: 'auth.continueWithProvider', provider: provider.id })}
          data-testid={`login-provider-${provider.id}`}
        >
          {t('login.continue_with', { name: provider.name })}
        </Button>
      ))}
    </Stack>
  );
}

/** The linking step: the provider's verified address is an existing account's; its password proves it once. */
function LinkingNotice() {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const linking = useSelector(auth, (snapshot) => authView(snapshot).linking);
  if (!linking) return null;
  return (
    <Alert.Root status="info" data-testid="login-linking">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('login.link_title', { provider: linking.provider })}</Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            <Text>{t('login.link_text', { provider: linking.provider })}</Text>
            <Button
              variant="ghost"
              size="sm"
              alignSelf="flex-start"
              onClick={() => auth.send({ type: 'auth.cancelLinking' })}
              data-testid="login-linking-cancel"
            >
              {t('login.link_cancel')}
            </Button>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * A provider's sign-in of a new address it could not vouch for created nothing; our link went to the
 * address and signs in when opened in this browser.
 */
function EmailLinkSentNotice() {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const sent = useSelector(auth, (snapshot) => authView(snapshot).emailLinkSent);
  if (!sent) return null;
  return (
    <Alert.Root status="info" data-testid="login-email-link-sent">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('login.email_link_title', { email: sent.email })}</Alert.Title>
        <Alert.Description>{t('login.email_link_text', { provider: sent.provider, email: sent.email })}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function SignInForm({ methods }: { methods: SignInMethods }) {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const signingIn = useSelector(auth, (snapshot) => authView(snapshot).signingIn);
  const errorKey = useSelector(auth, (snapshot) => authView(snapshot).errorKey);
  // Which field is wrong (a malformed address caught here, or a wrong password): shown once, on the field.
  const emailProblem = useSelector(auth, (snapshot) => authView(snapshot).fieldProblems.email ?? null);
  const passwordProblem = useSelector(auth, (snapshot) => authView(snapshot).fieldProblems.password ?? null);
  // The address typed before a provider's round trip comes back with the page (a refused sign-in keeps it).
  const [email, setEmail] = useState(() => authView(auth.getSnapshot()).typedEmail ?? '');
  const [password, setPassword] = useState('');

  const linking = useSelector(auth, (snapshot) => authView(snapshot).linking !== null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    auth.send({ type: 'auth.signIn', email, password });
  };
  // Home-realm discovery: an address of a company with single sign-on goes to its provider (only where any is set).
  const emailDone = () => {
    if (methods.providers.length > 0 && !linking) auth.send({ type: 'auth.emailEntered', email });
  };

  // OIDC_ONLY: the providers alone (the linking step still needs the existing account's password).
  if (!methods.passwordSignIn && !linking) {
    return (
      <Stack gap="4" data-testid="sign-in-form">
        <EmailLinkSentNotice />
        <ErrorAlert messageKey={errorKey} testId="login-error" />
        <Text color="fg.muted">{t('login.sso_only')}</Text>
        <ProviderButtons methods={methods} />
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={signingIn} data-testid="sign-in-form">
      <Stack gap="4">
        <LinkingNotice />
        <EmailLinkSentNotice />
        <ErrorAlert messageKey={errorKey} testId="login-error" />
        {!linking && methods.providers.length > 0 && (
          <>
            <ProviderButtons methods={methods} />
            <Stack direction="row" align="center" gap="3">
              <Separator flex="1" />
              <Text fontSize="sm" color="fg.muted">
                {t('login.or')}
              </Text>
              <Separator flex="1" />
            </Stack>
          </>
        )}
        <Field.Root required invalid={emailProblem !== null}>
          <Field.Label>{t('login.email')}</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onBlur={emailDone}
            required
            data-testid="login-email"
          />
          {emailProblem && (
            <Field.ErrorText role="alert" data-testid="login-email-error">
              {t(emailProblem)}
            </Field.ErrorText>
          )}
        </Field.Root>
        <Field.Root required invalid={passwordProblem !== null}>
          <Field.Label>{t('login.password')}</Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
            data-testid="login-password"
          />
          {passwordProblem && (
            <Field.ErrorText role="alert" data-testid="login-password-error">
              {t(passwordProblem)}
            </Field.ErrorText>
          )}
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={signingIn} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        <Stack gap="2" fontSize="sm">
          <Link asChild color="brand.fg">
            <RouterLink to="/reset-password" data-testid="login-forgot">
              {t('login.forgot')}
            </RouterLink>
          </Link>
          <Text color="fg.muted">
            {t('login.no_account')}{' '}
            <Link asChild color="brand.fg">
              <RouterLink to="/register/individual">{t('login.register_link')}</RouterLink>
            </Link>
          </Text>
        </Stack>
      </Stack>
    </form>
  );
}

/** The second step of a sign-in: the authenticator app's code, an admin's enrolment, then the recovery codes once. */
function SecondFactorStep() {
  const { t } = useTranslation();
  const auth = useAuthActor();
  // The step is the auth machine's child: its own snapshots (busy, a refused code, the recovery codes) re-render the form.
  const step = useSelector(auth, selectSecondStep);
  const view = useSelector(step, (snapshot) => (snapshot ? secondStepView(snapshot) : null));
  const [code, setCode] = useState('');
  if (!view) return null;

  if (view.step === 'recoveryCodes') {
    return (
      <Stack gap="4" data-testid="second-factor-codes">
        <Heading as="h2" size="md">
          {t('second_factor.codes_title')}
        </Heading>
        <RecoveryCodeList codes={view.recoveryCodes} />
        <Button colorPalette="brand" onClick={() => auth.send({ type: 'auth.recoveryCodesSaved' })} data-testid="second-factor-codes-saved">
          {t('second_factor.codes_saved')}
        </Button>
      </Stack>
    );
  }

  const enrolling = view.step === 'enrol';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    auth.send({ type: 'auth.submitSecondFactor', code });
    setCode('');
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={view.busy} data-testid={enrolling ? 'second-factor-enrol' : 'second-factor-form'}>
      <Stack gap="4">
        <Heading as="h2" size="md">
          {t(enrolling ? 'second_factor.enrol_title' : 'second_factor.code_title')}
        </Heading>
        <Text color="fg.muted">{t(enrolling ? 'second_factor.enrol_text' : 'second_factor.code_text')}</Text>
        {enrolling && view.enrolment && <TotpQrCode qrCode={view.enrolment.qrCode} secret={view.enrolment.secret} />}
        <TotpCodeField value={code} onChange={setCode} errorKey={view.errorKey} testId="second-factor-code" allowRecoveryCode={!enrolling} focusOnShow />
        <Button type="submit" colorPalette="brand" loading={view.busy} data-testid="second-factor-submit">
          {t(enrolling ? 'second_factor.enrol_submit' : 'second_factor.verify')}
        </Button>
        <Button
          variant="ghost"
          alignSelf="flex-start"
          size="sm"
          onClick={() => auth.send({ type: 'auth.cancelSecondFactor' })}
          data-testid="second-factor-cancel"
        >
          {t('second_factor.cancel')}
        </Button>
      </Stack>
    </form>
  );
}

function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  // The outcome shows once, in the form (the success above it, a failure as its alert): no toast as well.
  const request = useAccountRequest(requests.requestPasswordReset);
  const emailProblem = request.view.fieldProblems.email ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.submit({ email });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="forgot-form">
      <Stack gap="4">
        {request.view.done && (
          <Alert.Root status="success" data-testid="reset-sent">
            <Alert.Indicator />
            <Alert.Title>{t('auth.resetPassword.success')}</Alert.Title>
          </Alert.Root>
        )}
        <ErrorAlert messageKey={request.view.errorKey} testId="reset-error" />
        <Field.Root required invalid={emailProblem !== null}>
          <Field.Label>{t('login.email')}</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (request.view.errorKey || emailProblem) request.edit();
            }}
            required
            data-testid="reset-email"
          />
          {emailProblem && <Field.ErrorText data-testid="reset-email-error">{t(emailProblem)}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={request.view.busy} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
        <Link asChild color="brand.fg" fontSize="sm">
          <RouterLink to="/login" data-testid="reset-back">
            {t('reset.back')}
          </RouterLink>
        </Link>
      </Stack>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showMessage = useShowMessage();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const request = useAccountRequest(requests.confirmPasswordReset, {
    succeeded: () => {
      showMessage({ kind: 'toast', status: 'success', durationMs: TOAST_DEFAULT_MS, textKey: 'new_password.done' });
      navigate('/login', { replace: true });
    },
  });

  // The request machine checks the length and the confirmation first; only a good pair is sent.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.submit({ token, password, confirmation });
  };
  const edited = () => {
    if (request.view.errorKey || Object.keys(request.view.fieldProblems).length > 0) request.edit();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="new-password-form">
      <Stack gap="4">
        <ErrorAlert messageKey={request.view.errorKey} testId="new-password-error" />
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
          problems={request.view.fieldProblems}
          testIds={{ password: 'new-password', confirmation: 'new-password-confirm' }}
        />
        <Button type="submit" colorPalette="brand" loading={request.view.busy} data-testid="new-password-submit">
          {t('new_password.submit')}
        </Button>
        <Link asChild color="brand.fg" fontSize="sm">
          <RouterLink to="/reset-password">{t('new_password.ask_again')}</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}

/** A ?verifyToken= link from the verification e-mail: verified once, on arrival. */
function EmailVerification({ token }: { token: string }) {
  const { t } = useTranslation();
  const request = useAccountRequest(requests.verifyEmail);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    request.submit({ token });
  }, [request, token]);

  const status = request.view.done ? 'success' : request.view.errorKey ? 'error' : 'info';
  const text = request.view.done ? t('verify.done') : request.view.errorKey ? t(request.view.errorKey) : t('verify.checking');
  return (
    <Alert.Root status={status} data-testid="verify-email" data-state={status}>
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

function AlreadySignedIn() {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const user = useSelector(auth, (snapshot) => authView(snapshot).user);
  if (!user) return null;
  return (
    <Stack gap="4" data-testid="already-signed-in">
      <Text>{t('login.signed_in_text', { email: user.email })}</Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button asChild colorPalette="brand">
          <RouterLink to={roleLanding(user)}>{t('login.go_on')}</RouterLink>
        </Button>
        <Button variant="outline" onClick={() => auth.send({ type: 'auth.signOut' })} data-testid="login-sign-out">
          {t('account.sign_out')}
        </Button>
      </Stack>
    </Stack>
  );
}

export function LoginPage({ meta }: PageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const auth = useAuthActor();
  const status = useSelector(auth, (snapshot) => authView(snapshot).status);
  const askingSecondFactor = useSelector(auth, (snapshot) => authView(snapshot).secondFactor !== null);
  const returning = useSelector(auth, (snapshot) => (snapshot.hasTag('callback') ? 'finishing' : snapshot.hasTag('redirecting') ? 'redirecting' : null));
  const methods = useSignInMethods();
  const mode = meta?.loginMode ?? 'sign-in';

  // Back from an identity provider, the outcome is in the fragment (never sent to a server): hand it to
  // the auth flow once and take it out of the address bar and the history.
  useEffect(() => {
    const outcome = parseProviderOutcome(window.location.hash);
    if (!outcome) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    auth.send({ type: 'auth.providerReturned', outcome });
  }, [auth]);
  const resetToken = params.get('token');
  const verifyToken = params.get('verifyToken');

  if (mode === 'reset-password') {
    return resetToken ? (
      <PageFrame title={t('new_password.title')} subtitle={t('new_password.subtitle')} testId="new-password-page">
        <NewPasswordForm token={resetToken} />
      </PageFrame>
    ) : (
      <PageFrame title={t('reset.title')} subtitle={t('reset.subtitle')} testId="reset-page">
        <ForgotPasswordForm />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('login.title')} subtitle={status === 'signedIn' ? undefined : t('login.subtitle')} testId="login-page">
      {verifyToken && (
        <Box>
          <EmailVerification token={verifyToken} />
        </Box>
      )}
      {status === 'signedIn' ? (
        <AlreadySignedIn />
      ) : askingSecondFactor ? (
        <SecondFactorStep />
      ) : returning ? (
        <Stack direction="row" gap="3" align="center" data-testid="login-provider-wait">
          <Spinner size="sm" />
          <Text>{t(returning === 'finishing' ? 'login.finishing' : 'login.redirecting')}</Text>
        </Stack>
      ) : (
        <SignInForm methods={methods} />
      )}
    </PageFrame>
  );
}
