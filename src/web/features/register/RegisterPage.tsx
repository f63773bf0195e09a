// The register page (admin or corporate): creates corporate users (POST users/corporate).
// A corporate user's new colleague joins the caller's company; an admin names the company. The server
// answers the same for a new and a registered address (no account enumeration), so the page says
// "invitation sent to …" either way: the new colleague confirms the address from the e-mail, the owner of
// a registered address is told by e-mail. After a success: the toast ("Registro realizado correctamente", naming the
// invitation) and the confirmation on the page, with "invite another" and, for a corporate registrant, the way on to
// the saved URL or the dashboard. Where to go, and what the page shows after a success, is
// machines/registration/corporateRegistrationMachine.ts's decision.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Container, Field, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LANGUAGES, TOAST_DEFAULT_MS, type Language } from '../../../domain/constants';
import { isAdmin } from '../../../../machines/auth/landing';
import { authMessageKey } from '../../../../machines/auth/failure';
import { corporateRegistrationMachine } from '../../../../machines/registration/corporateRegistrationMachine';
import { corporateRegistrationActors } from '../../../../machines/registration/actors';
import { corporateInvitedToast, corporateRegistrationView, sameCorporateRegistrationView } from '../../../../machines/registration/viewModel';
import type { PageProps } from '../../kernel/lazyPage';
import { newPasswordProblem } from '../../kernel/passwordRules';
import { useAuthActor, useCurrentUser, useLanguage, useShowMessage } from '../../kernel/session';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { inspect } from '../../kernel/inspector';
import { PageHeading } from '../../components/PageIntro';
import { OptionSelect, optionsOf } from '../../components/OptionSelect';

const registration = corporateRegistrationMachine.provide({ actors: corporateRegistrationActors() });

export function RegisterPage(_props: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showMessage = useShowMessage();
  const auth = useAuthActor();
  const savedRedirect = useSelector(auth, (snapshot) => snapshot.context.redirectUrl);
  const registrant = useCurrentUser();
  const language = useLanguage();
  const admin = isAdmin(registrant);
  const ownCompany = registrant?.corporateInfo?.companyName ?? '';

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [companyName, setCompanyName] = useState(admin ? '' : ownCompany);
  const [taxId, setTaxId] = useState('');
  const [contactName, setContactName] = useState('');
  const [userLanguage, setUserLanguage] = useState<Language>(language);
  const [checked, setChecked] = useState(false);
  const problem = newPasswordProblem(password, confirmation);
  const company = admin ? companyName : ownCompany || companyName;

  const registrationActor = useActorRef(registration, { input: { registrant, savedRedirect }, inspect });
  const emailField = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const view = useSelector(registrationActor, corporateRegistrationView, sameCorporateRegistrationView);
  useEffect(() => {
    const subscriptions = [
      registrationActor.on('corporateRegistration.invited', ({ invited }) => {
        const toast = corporateInvitedToast(invited);
        showMessage({ kind: 'toast', status: toast.status, durationMs: TOAST_DEFAULT_MS, titleKey: toast.titleKey, text: t(toast.textKey, toast.values) });
        // The form is emptied for the next invitation (the company and language stay).
        setEmail('');
        setPassword('');
        setConfirmation('');
        setContactName('');
        setTaxId('');
        setChecked(false);
        // The confirmation is where the eyes (and a screen reader) go next, also on a phone where it may be out of view.
        setTimeout(() => confirmationRef.current?.focus(), 0);
      }),
      registrationActor.on('corporateRegistration.landed', ({ to }) => {
        auth.send({ type: 'auth.forgetRedirect' });
        navigate(to);
      }),
      // A registration failure is a toast with the translated auth.{code} (also shown in the form).
      registrationActor.on('corporateRegistration.failed', ({ code }) =>
        showMessage({ kind: 'toast', status: 'error', durationMs: TOAST_DEFAULT_MS, textKey: authMessageKey(code) }),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [registrationActor, showMessage, t, auth, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem || !email.trim() || !company.trim()) return;
    registrationActor.send({
      type: 'corporateRegistration.submit',
      fields: { email, password, companyName: company, taxId, contactName, language: userLanguage },
    });
  };
  const edited = () => registrationActor.send({ type: 'corporateRegistration.edit' });

  return (
    <Container maxW="2xl" py={{ base: 10, md: 14 }} data-testid="register-page">
      <Stack gap="6">
        <PageHeading
          gap="2"
          title={t('register.title')}
          intro={admin ? t('register.subtitle_admin') : t('register.subtitle_corporate', { company: ownCompany })}
        />
        <Card.Root>
          <Card.Body>
            <form onSubmit={submit} noValidate data-testid="register-form">
              <Stack gap="4">
                {view.invited && (
                  <Alert.Root status="success" alignItems="start" data-testid="register-created" ref={confirmationRef} tabIndex={-1} role="status">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{t('register.invited', { email: view.invited })}</Alert.Title>
                      <Alert.Description>{t('register.invited_next')}</Alert.Description>
                      <HStack gap="3" mt="3" wrap="wrap">
                        <Button
                          size="sm"
                          colorPalette="brand"
                          onClick={() => {
                            registrationActor.send({ type: 'corporateRegistration.inviteAnother' });
                            emailField.current?.focus();
                          }}
                          data-testid="register-invite-another"
                        >
                          {t('register.invite_another')}
                        </Button>
                        {view.continueTo && (
                          <Button
                            size="sm"
                            variant="outline"
                            colorPalette="brand"
                            onClick={() => registrationActor.send({ type: 'corporateRegistration.continue' })}
                            data-testid="register-continue"
                          >
                            {t(view.continueTo === '/dashboard' ? 'register.continue_dashboard' : 'register.continue_saved')}
                          </Button>
                        )}
                      </HStack>
                    </Alert.Content>
                  </Alert.Root>
                )}
                {view.errorKey && (
                  <Alert.Root status="error" data-testid="register-error">
                    <Alert.Indicator />
                    <Alert.Title>{t(view.errorKey)}</Alert.Title>
                  </Alert.Root>
                )}
                <Field.Root required invalid={checked && !email.trim()}>
                  <Field.Label>{t('register.email')}</Field.Label>
                  <Input
                    type="email"
                    autoComplete="off"
                    ref={emailField}
                    value={email}
                    onChange={(event) => {
                      setEmail(event.target.value);
                      edited();
                    }}
                    data-testid="register-email"
                  />
                  <Field.ErrorText>{t('register.required')}</Field.ErrorText>
                </Field.Root>
                <NewPasswordFields
                  layout="columns"
                  password={password}
                  confirmation={confirmation}
                  onPasswordChange={(value) => {
                    setPassword(value);
                    edited();
                  }}
                  onConfirmationChange={setConfirmation}
                  problem={checked ? problem : null}
                  labelKeys={{ password: 'register.password', confirmation: 'new_password.confirm' }}
                  testIds={{ password: 'register-password', confirmation: 'register-password-confirm' }}
                />
                <Field.Root required invalid={checked && !company.trim()} readOnly={!admin && !!ownCompany}>
                  <Field.Label>{t('register.company')}</Field.Label>
                  <Input
                    value={company}
                    onChange={(event) => {
                      setCompanyName(event.target.value);
                      edited();
                    }}
                    readOnly={!admin && !!ownCompany}
                    maxLength={200}
                    data-testid="register-company"
                  />
                  <Field.ErrorText>{t('register.required')}</Field.ErrorText>
                </Field.Root>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <Field.Root>
                    <Field.Label>{t('register.contact_name')}</Field.Label>
                    <Input value={contactName} maxLength={200} onChange={(event) => setContactName(event.target.value)} data-testid="register-contact" />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('register.tax_id')}</Field.Label>
                    <Input value={taxId} maxLength={50} onChange={(event) => setTaxId(event.target.value)} data-testid="register-tax-id" />
                  </Field.Root>
                </SimpleGrid>
                <Field.Root>
                  <Field.Label>{t('register.language')}</Field.Label>
                  <OptionSelect
                    value={userLanguage}
                    onChange={(event) => setUserLanguage(event.target.value as Language)}
                    data-testid="register-language"
                    options={optionsOf(LANGUAGES, (option) => t(`language.${option}`))}
                  />
                </Field.Root>
                <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={view.busy} data-testid="register-submit">
                  {t('register.submit')}
                </Button>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
