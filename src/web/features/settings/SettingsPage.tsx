// The settings page (/settings and /my-account/settings): language, password, release alerts (a member's, in
// ReleaseAlertsSettings.tsx), cookie choice, and the
// GDPR self-service — download all my data (JSON) and delete my account, the latter behind the confirm
// modal. Security changes (password, second factor, unlinking a provider) ask the password again
// in a dialog when the session proved the person more than 5 minutes ago, then go on as typed.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Container, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { TOAST_DEFAULT_MS } from '../../../domain/constants';
import { consentView } from '../../../../machines/consent/viewModel';
import {
  accountRequests,
  loadCompanySso,
  loadLinkedProviders,
  providerProofCall,
  type CompanySso,
  type DataExport,
  type LinkedProviders,
} from '../../../../machines/auth/requests';
import { providerReauthMachine } from '../../../../machines/providerReauth/providerReauthMachine';
import { providerReauthView, sameProviderReauthView } from '../../../../machines/providerReauth/viewModel';
import { provideResource } from '../../../../machines/resource/resourceMachine';
import { resourceView, sameResource, type Resource } from '../../../../machines/resource/viewModel';
import type { PageProps } from '../../kernel/lazyPage';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useConfirm } from '../../components/ConfirmModal';
import { newPasswordProblem } from '../../kernel/passwordRules';
import { useAuthActor, useConsentActor, useCurrentUser, useShowMessage } from '../../kernel/session';
import { useAccountRequest } from '../../kernel/useAccountRequest';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { RecoveryCodeList, TotpCodeField, TotpQrCode } from '../../components/SecondFactorParts';
import { secondFactorMachine } from '../../../../machines/secondFactor/secondFactorMachine';
import { secondFactorActors } from '../../../../machines/secondFactor/actors';
import { secondFactorSettingsView } from '../../../../machines/secondFactor/viewModel';
import { inspect } from '../../kernel/inspector';
import { ReauthenticationDialog, ReauthMethodsContext, type ReauthMethods } from './ReauthenticationDialog';
import { ActionAlert } from '../../components/ActionAlert';
import { OptionSelect } from '../../components/OptionSelect';
import { ReleaseAlertsSettings } from './ReleaseAlertsSettings';

const requests = accountRequests();

function SettingsCard({ title, text, children, testId }: { title: string; text?: string; children: ReactNode; testId: string }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            {title}
          </Heading>
          {text && <Text color="fg.muted">{text}</Text>}
        </Stack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function AccountSummary() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <HStack gap="3" wrap="wrap" data-testid="settings-account">
      <Text fontWeight="semibold" data-testid="settings-email">
        {user.email}
      </Text>
      {user.role.map((role) => (
        <Badge key={role} colorPalette="brand" variant="subtle">
          {t(`roles.${role}`)}
        </Badge>
      ))}
    </HStack>
  );
}

function PasswordSettings() {
  const { t } = useTranslation();
  const showMessage = useShowMessage();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [checked, setChecked] = useState(false);
  const problem = newPasswordProblem(next, confirmation);
  const request = useAccountRequest(requests.changePassword, {
    succeeded: () => {
      showMessage({ kind: 'toast', status: 'success', durationMs: TOAST_DEFAULT_MS, textKey: 'settings.password.done' });
      setCurrent('');
      setNext('');
      setConfirmation('');
      setChecked(false);
    },
  });
  const errorKey = request.view.errorCode === 'WRONG_PASSWORD' ? 'settings.password.wrong_current' : request.view.errorKey;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!problem && current) request.submit({ currentPassword: current, newPassword: next });
  };
  const edited = () => {
    if (request.view.errorKey) request.edit();
  };

  return (
    <SettingsCard title={t('settings.password.title')} text={t('settings.password.text')} testId="settings-password">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {errorKey && (
            <Alert.Root status="error" data-testid="settings-password-error">
              <Alert.Indicator />
              <Alert.Title>{t(errorKey)}</Alert.Title>
            </Alert.Root>
          )}
          <Field.Root required invalid={checked && !current}>
            <Field.Label>{t('settings.password.current')}</Field.Label>
            <Input
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(event) => {
                setCurrent(event.target.value);
                edited();
              }}
              data-testid="settings-password-current"
            />
            <Field.ErrorText>{t('register.required')}</Field.ErrorText>
          </Field.Root>
          <NewPasswordFields
            layout="columns"
            password={next}
            confirmation={confirmation}
            onPasswordChange={(value) => {
              setNext(value);
              edited();
            }}
            onConfirmationChange={setConfirmation}
            problem={checked ? problem : null}
            testIds={{ password: 'settings-password-new', confirmation: 'settings-password-confirm' }}
          />
          <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={request.view.busy} data-testid="settings-password-submit">
            {t('settings.password.submit')}
          </Button>
        </Stack>
      </form>
      <ReauthenticationDialog reauthentication={request.view.reauthentication} onSubmit={request.reauthenticate} onCancel={request.cancelReauthentication} />
    </SettingsCard>
  );
}

const secondFactorFlow = secondFactorMachine.provide({ actors: secondFactorActors() });

/**
 * Back from a re-authentication at a provider (`#reauth=` or `#error=`): the machine posts the proof and
 * clears the fragment; the page says the change may now be made.
 */
const providerReauthFlow = providerReauthMachine.provide({
  actors: { confirmProof: providerProofCall() },
  actions: { clearFragment: () => window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`) },
});

function ProviderReauthNotice() {
  const { t } = useTranslation();
  const flow = useActorRef(providerReauthFlow, { inspect });
  const view = useSelector(flow, providerReauthView, sameProviderReauthView);
  useEffect(() => {
    flow.send({ type: 'providerReauth.arrived', fragment: window.location.hash });
  }, [flow]);
  if (view.status === 'idle') return null;
  const dismiss = () => flow.send({ type: 'providerReauth.dismiss' });
  return (
    <ActionAlert
      status={view.status === 'failed' ? 'error' : view.status === 'confirmed' ? 'success' : 'info'}
      data-testid="settings-provider-reauth"
      data-status={view.status}
      title={
        view.status === 'failed'
          ? t(view.errorKey ?? 'auth.unknown')
          : t(view.status === 'confirmed' ? 'settings.reauth.provider_confirmed' : 'settings.reauth.provider_confirming')
      }
      action={
        view.status !== 'confirming'
          ? { label: t('settings.reauth.provider_dismiss'), size: 'xs', variant: 'ghost', onClick: dismiss, 'data-testid': 'settings-provider-reauth-dismiss' }
          : undefined
      }
    />
  );
}

/** How this account can re-authenticate: its password, or a fresh sign-in at one of its linked providers. */
function useReauthMethods(): ReauthMethods | null {
  const [machine] = useState(() => provideResource(loadLinkedProviders()));
  const loader = useActorRef(machine, { inspect });
  const loaded: Resource<LinkedProviders> = useSelector(loader, (snapshot) => resourceView<LinkedProviders>(snapshot), sameResource);
  if (loaded.status !== 'ready') return null;
  const providers = new Map(loaded.data.identities.map((identity) => [identity.provider, identity.providerName]));
  return { passwordSet: loaded.data.passwordSet, providers: [...providers].map(([id, name]) => ({ id, name })) };
}

/** The TOTP second factor: enrol with a QR code, keep the recovery codes, renew them, turn it off. */
/** A corporate user sets the company's identity provider and e-mail domains (an admin approves each domain). */
function CompanySsoSettings() {
  const { t } = useTranslation();
  const [machine] = useState(() => provideResource(loadCompanySso()));
  const loader = useActorRef(machine, { inspect });
  const loaded: Resource<CompanySso> = useSelector(loader, (snapshot) => resourceView<CompanySso>(snapshot), sameResource);
  // What the last save answered wins over what was loaded.
  const [saved, setSaved] = useState<CompanySso | null>(null);
  const [provider, setProvider] = useState<string | null>(null);
  const [domains, setDomains] = useState<string | null>(null);
  const showMessage = useShowMessage();
  const save = useAccountRequest(requests.saveCompanySso, {
    succeeded: (answer) => {
      setSaved(answer);
      showMessage({ kind: 'toast', status: 'success', durationMs: TOAST_DEFAULT_MS, textKey: 'settings.company_sso.saved' });
    },
  });
  const current = saved ?? (loaded.status === 'ready' ? loaded.data : null);
  // Only where the deployment has providers (and the company data came).
  if (!current || current.providers.length === 0) return null;
  const providerValue = provider ?? current.provider ?? '';
  const domainsValue = domains ?? current.domains.map((d) => d.domain).join(', ');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.submit({ provider: providerValue, domains: domainsValue });
  };

  return (
    <SettingsCard title={t('settings.company_sso.title')} text={t('settings.company_sso.text')} testId="settings-company-sso">
      <form onSubmit={submit} noValidate data-testid="settings-company-sso-form">
        <Stack gap="4">
          {save.view.errorKey && (
            <Alert.Root status="error" data-testid="settings-company-sso-error">
              <Alert.Indicator />
              <Alert.Title>{t(save.view.errorKey)}</Alert.Title>
            </Alert.Root>
          )}
          <Field.Root>
            <Field.Label>{t('settings.company_sso.provider')}</Field.Label>
            <OptionSelect
              value={providerValue}
              onChange={(event) => setProvider(event.currentTarget.value)}
              data-testid="settings-company-sso-provider"
              options={[{ value: '', label: t('settings.company_sso.none') }, ...current.providers.map((p) => ({ value: p.id, label: p.name }))]}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('settings.company_sso.domains')}</Field.Label>
            <Input value={domainsValue} onChange={(event) => setDomains(event.target.value)} data-testid="settings-company-sso-domains" />
            <Field.HelperText>{t('settings.company_sso.domains_hint')}</Field.HelperText>
          </Field.Root>
          {current.domains.length > 0 && (
            <HStack gap="2" wrap="wrap" data-testid="settings-company-sso-domain-list">
              {current.domains.map((d) => (
                <Badge key={d.domain} colorPalette={d.approved ? 'green' : 'gray'} variant="subtle">
                  {d.domain} · {t(d.approved ? 'settings.company_sso.approved' : 'settings.company_sso.pending')}
                </Badge>
              ))}
            </HStack>
          )}
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={save.view.busy} data-testid="settings-company-sso-save">
            {t('settings.company_sso.save')}
          </Button>
        </Stack>
      </form>
    </SettingsCard>
  );
}

function SecondFactorSettings() {
  const { t } = useTranslation();
  const flow = useActorRef(secondFactorFlow, { inspect });
  const view = useSelector(flow, secondFactorSettingsView);
  const [code, setCode] = useState('');
  const [renewCode, setRenewCode] = useState('');
  const [password, setPassword] = useState('');
  // What was typed stays while the change is sent (and while the password is asked again); a new step starts empty.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new step starts empty
    setCode('');
    setRenewCode('');
    setPassword('');
  }, [view.step]);
  const errorAlert = view.errorKey && view.step !== 'scanning' && (
    <Alert.Root status="error" data-testid="settings-2fa-error">
      <Alert.Indicator />
      <Alert.Title>{t(view.errorKey)}</Alert.Title>
    </Alert.Root>
  );

  return (
    <SettingsCard title={t('second_factor.settings_title')} text={t('second_factor.settings_text')} testId="settings-2fa">
      <Stack gap="4" aria-busy={view.busy} data-step={view.step} data-testid="settings-2fa-state">
        {view.step === 'unavailable' && (
          <Stack gap="3" align="flex-start">
            <Text>{t('second_factor.unavailable')}</Text>
            <Button variant="outline" onClick={() => flow.send({ type: 'secondFactor.retry' })}>
              {t('second_factor.retry')}
            </Button>
          </Stack>
        )}
        {view.step === 'off' && (
          <Stack gap="3" align="flex-start">
            {errorAlert}
            <Text>{t('second_factor.off')}</Text>
            <Button colorPalette="brand" loading={view.busy} onClick={() => flow.send({ type: 'secondFactor.start' })} data-testid="settings-2fa-start">
              {t('second_factor.start')}
            </Button>
          </Stack>
        )}
        {view.step === 'scanning' && view.enrolment && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              flow.send({ type: 'secondFactor.confirm', code });
            }}
          >
            <Stack gap="4">
              <Text>{t('second_factor.enrol_text')}</Text>
              <TotpQrCode qrCode={view.enrolment.qrCode} secret={view.enrolment.secret} />
              <TotpCodeField value={code} onChange={setCode} errorKey={view.errorKey} testId="settings-2fa-code" />
              <HStack gap="3" wrap="wrap">
                <Button type="submit" colorPalette="brand" loading={view.busy} data-testid="settings-2fa-confirm">
                  {t('second_factor.enrol_submit')}
                </Button>
                <Button variant="ghost" onClick={() => flow.send({ type: 'secondFactor.cancel' })}>
                  {t('second_factor.cancel_enrolment')}
                </Button>
              </HStack>
            </Stack>
          </form>
        )}
        {view.step === 'codes' && (
          <Stack gap="4" align="flex-start">
            <Heading as="h3" size="md">
              {t('second_factor.codes_title')}
            </Heading>
            <RecoveryCodeList codes={view.recoveryCodes} />
            <Button colorPalette="brand" onClick={() => flow.send({ type: 'secondFactor.codesSaved' })} data-testid="settings-2fa-codes-saved">
              {t('second_factor.codes_saved')}
            </Button>
          </Stack>
        )}
        {view.step === 'on' && (
          <Stack gap="5">
            {errorAlert}
            <Text data-testid="settings-2fa-on">{t('second_factor.on', { count: view.recoveryCodesLeft })}</Text>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                flow.send({ type: 'secondFactor.regenerate', code: renewCode });
              }}
            >
              <Stack gap="3" align="flex-start" maxW="sm">
                <Text fontWeight="semibold">{t('second_factor.regenerate_title')}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('second_factor.regenerate_text')}
                </Text>
                <TotpCodeField value={renewCode} onChange={setRenewCode} errorKey={null} testId="settings-2fa-renew-code" />
                <Button type="submit" variant="outline" colorPalette="brand" loading={view.busy} data-testid="settings-2fa-regenerate">
                  {t('second_factor.regenerate')}
                </Button>
              </Stack>
            </form>
            {view.required ? (
              <Text color="fg.muted" data-testid="settings-2fa-required">
                {t('second_factor.required')}
              </Text>
            ) : (
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  flow.send({ type: 'secondFactor.disable', password, code });
                }}
              >
                <Stack gap="3" align="flex-start" maxW="sm" borderTopWidth="1px" pt="5">
                  <Text fontWeight="semibold">{t('second_factor.disable_title')}</Text>
                  <Field.Root required>
                    <Field.Label>{t('second_factor.password')}</Field.Label>
                    <Input
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                      data-testid="settings-2fa-password"
                    />
                  </Field.Root>
                  <TotpCodeField value={code} onChange={setCode} errorKey={null} testId="settings-2fa-disable-code" allowRecoveryCode />
                  <Button type="submit" colorPalette="red" variant="outline" loading={view.busy} data-testid="settings-2fa-disable">
                    {t('second_factor.disable')}
                  </Button>
                </Stack>
              </form>
            )}
          </Stack>
        )}
      </Stack>
      <ReauthenticationDialog
        reauthentication={view.reauthentication}
        onSubmit={(typed) => flow.send({ type: 'secondFactor.reauthenticate', password: typed })}
        onCancel={() => flow.send({ type: 'secondFactor.cancelReauthentication' })}
      />
    </SettingsCard>
  );
}

/** The identity providers linked to the account; unlinking one asks the password again when needed. */
function LinkedProvidersSettings() {
  const { t, i18n } = useTranslation();
  const [machine] = useState(() => provideResource(loadLinkedProviders()));
  const loader = useActorRef(machine, { inspect });
  const loaded: Resource<LinkedProviders> = useSelector(loader, (snapshot) => resourceView<LinkedProviders>(snapshot), sameResource);
  const showMessage = useShowMessage();
  const unlink = useAccountRequest(requests.unlinkIdentity, {
    succeeded: () => {
      showMessage({ kind: 'toast', status: 'success', durationMs: TOAST_DEFAULT_MS, textKey: 'settings.identities.unlinked' });
      loader.send({ type: 'resource.reload' });
    },
  });
  // Nothing to show to an account no provider signs in to.
  if (loaded.status !== 'ready' || loaded.data.identities.length === 0) return null;
  const { identities, passwordSet } = loaded.data;
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  return (
    <SettingsCard title={t('settings.identities.title')} text={t('settings.identities.text')} testId="settings-identities">
      <Stack gap="4">
        {unlink.view.errorKey && (
          <Alert.Root status="error" data-testid="settings-identities-error">
            <Alert.Indicator />
            <Alert.Title>{t(unlink.view.errorKey)}</Alert.Title>
          </Alert.Root>
        )}
        {!passwordSet && (
          <Text fontSize="sm" color="fg.muted" data-testid="settings-identities-no-password">
            {t('settings.identities.no_password')}
          </Text>
        )}
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {identities.map((identity) => (
            <HStack as="li" key={identity.id} justify="space-between" gap="3" wrap="wrap" data-testid="settings-identity">
              <Stack gap="0">
                <Text fontWeight="semibold">{identity.providerName}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {[identity.email, t('settings.identities.linked_on', { date: date(identity.linkedAt) })].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
              <Button
                variant="outline"
                colorPalette="red"
                size="sm"
                loading={unlink.view.busy}
                onClick={() => unlink.submit({ id: identity.id })}
                data-testid="settings-identity-unlink"
              >
                {t('settings.identities.unlink')}
              </Button>
            </HStack>
          ))}
        </Stack>
      </Stack>
      <ReauthenticationDialog reauthentication={unlink.view.reauthentication} onSubmit={unlink.reauthenticate} onCancel={unlink.cancelReauthentication} />
    </SettingsCard>
  );
}

function CookieSettings() {
  const { t } = useTranslation();
  const consent = useConsentActor();
  const choice = useSelector(consent, (snapshot) => consentView(snapshot).choice);
  const state = choice === true ? 'accepted' : choice === false ? 'denied' : 'unset';
  return (
    <SettingsCard title={t('settings.cookies.title')} text={t('settings.cookies.text')} testId="settings-cookies">
      <Text data-testid="settings-cookies-state" data-state={state}>
        {t(`settings.cookies.${state}`)}
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button
          variant="outline"
          colorPalette="brand"
          disabled={choice === false}
          onClick={() => consent.send({ type: 'consent.deny' })}
          data-testid="settings-cookies-deny"
        >
          {t('cookies.deny')}
        </Button>
        <Button
          variant="outline"
          colorPalette="brand"
          disabled={choice === true}
          onClick={() => consent.send({ type: 'consent.accept' })}
          data-testid="settings-cookies-accept"
        >
          {t('cookies.accept')}
        </Button>
      </HStack>
      {choice === false && (
        <Text fontSize="sm" color="fg.muted">
          {t('settings.cookies.reload_note')}
        </Text>
      )}
    </SettingsCard>
  );
}

/** Offers the export as a file download (no server round trip: the JSON is already here). */
function download(data: DataExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `paybench-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function DataSettings() {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const showMessage = useShowMessage();
  const confirm = useConfirm('erase');
  const exporting = useAccountRequest(requests.exportMyData, {
    succeeded: (data) => download(data),
    failed: () => showMessage({ kind: 'toast', status: 'error', durationMs: TOAST_DEFAULT_MS, textKey: 'settings.export.failed' }),
  });
  const deleting = useAccountRequest(requests.deleteMyAccount, {
    // The server revoked every session; forget everything here too (auth → storage cleared, home).
    succeeded: () => auth.send({ type: 'auth.accountDeleted' }),
  });

  // The password is asked again before anything is erased (the server checks it).
  const [password, setPassword] = useState('');
  const [missingPassword, setMissingPassword] = useState(false);
  const deleteAccount = async () => {
    if (!password) {
      setMissingPassword(true);
      return;
    }
    // The question names everything the server deletes with the account (services/users.ts deleteAccount).
    if (await confirm.ask('erase')) deleting.submit({ password });
  };

  return (
    <SettingsCard title={t('settings.data.title')} text={t('settings.data.text')} testId="settings-data">
      <Stack gap="5">
        <Stack gap="2" align="flex-start">
          <Text>{t('settings.export.text')}</Text>
          <Button variant="outline" colorPalette="brand" loading={exporting.view.busy} onClick={() => exporting.submit({})} data-testid="settings-export">
            {t('settings.export.button')}
          </Button>
        </Stack>
        <Stack gap="2" align="flex-start" borderTopWidth="1px" pt="5">
          <Text fontWeight="semibold" color="fg.error">
            {t('settings.delete.title')}
          </Text>
          <Text>{t('settings.delete.text')}</Text>
          <Field.Root required invalid={missingPassword && !password} maxW="sm">
            <Field.Label>{t('settings.delete.password')}</Field.Label>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setMissingPassword(false);
                if (deleting.view.errorKey) deleting.edit();
              }}
              data-testid="settings-delete-password"
            />
            <Field.ErrorText>{t('register.required')}</Field.ErrorText>
          </Field.Root>
          {deleting.view.errorKey && (
            <Alert.Root status="error" data-testid="settings-delete-error">
              <Alert.Indicator />
              <Alert.Title>{t(deleting.view.errorKey)}</Alert.Title>
            </Alert.Root>
          )}
          <Button colorPalette="red" variant="outline" loading={deleting.view.busy} onClick={() => void deleteAccount()} data-testid="settings-delete">
            {t('settings.delete.button')}
          </Button>
        </Stack>
      </Stack>
      {confirm.modal}
    </SettingsCard>
  );
}

export function SettingsPage({ section }: PageProps) {
  const { t } = useTranslation();
  const isCorporate = useCurrentUser()?.role.includes('corporate') ?? false;
  const reauthMethods = useReauthMethods();
  return (
    <ReauthMethodsContext.Provider value={reauthMethods}>
      <Container maxW="3xl" py={{ base: 10, md: 14 }} data-testid="settings-page">
        <Stack gap="6">
          <ProviderReauthNotice />
          <Stack gap="2">
            <Heading as="h1" size="2xl">
              {t(`sections.${section}`)}
            </Heading>
            <AccountSummary />
          </Stack>
          <SettingsCard title={t('settings.language.title')} text={t('settings.language.text')} testId="settings-language">
            <LanguageSwitch testIdPrefix="settings-language" />
          </SettingsCard>
          <PasswordSettings />
          <SecondFactorSettings />
          <LinkedProvidersSettings />
          {isCorporate && <CompanySsoSettings />}
          {!isCorporate && <ReleaseAlertsSettings />}
          <CookieSettings />
          <DataSettings />
        </Stack>
      </Container>
    </ReauthMethodsContext.Provider>
  );
}
