// The password asked again before a security change (the server answered REAUTHENTICATION_REQUIRED: the
// session proved the person more than 5 minutes ago). The flow that asked keeps the change as it was typed and sends
// it again once the password is right (machines/secondFactor, machines/auth/accountRequestMachine: `reauthenticating`).
// An account without a password sees instead one "Confirm with {provider}" per linked provider: a fresh sign-in there
// (start?intent=reauth) brings the person back to this page, whose providerReauth machine posts the proof.
import { createContext, useContext, useState, type FormEvent } from 'react';
import { Alert, Button, CloseButton, Dialog, Field, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { providerReauthStartUrl } from '../../../../machines/providerReauth/providerReauthMachine';

/** How the signed-in account can re-authenticate (GET auth/identities); null while unknown (the password is asked). */
export interface ReauthMethods {
  passwordSet: boolean;
  providers: Array<{ id: string; name: string }>;
}

/** Given by the settings page to every dialog of its cards. */
export const ReauthMethodsContext = createContext<ReauthMethods | null>(null);

export interface ReauthenticationDialogProps {
  /** Open while the flow asks the password; null when it does not. */
  reauthentication: { busy: boolean; errorKey: string | null } | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

export function ReauthenticationDialog({ reauthentication, onSubmit, onCancel }: ReauthenticationDialogProps) {
  const { t } = useTranslation();
  const methods = useContext(ReauthMethodsContext);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const open = reauthentication !== null;
  // No password to ask: a fresh sign-in at one of the account's providers, back to this page.
  const providers = methods && !methods.passwordSet && methods.providers.length > 0 ? methods.providers : null;
  const close = () => {
    setPassword('');
    setMissing(false);
    onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    onSubmit(password);
    setPassword('');
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && open) close();
      }}
      placement="center"
      initialFocusEl={() => document.getElementById('reauthentication-password') ?? document.querySelector<HTMLElement>('[data-testid="reauth-provider"]')}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="reauth-dialog">
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('settings.reauth.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted">{t(providers ? 'settings.reauth.provider_text' : 'settings.reauth.text')}</Text>
                  {reauthentication?.errorKey && (
                    <Alert.Root status="error" data-testid="reauth-error">
                      <Alert.Indicator />
                      <Alert.Title>{t(reauthentication.errorKey)}</Alert.Title>
                    </Alert.Root>
                  )}
                  {providers && (
                    <Stack gap="2" align="flex-start" data-testid="reauth-providers">
                      {providers.map((provider) => (
                        <Button key={provider.id} asChild colorPalette="brand" variant="outline" data-testid="reauth-provider">
                          <a href={providerReauthStartUrl(provider.id, window.location.pathname)}>
                            {t('settings.reauth.confirm_with', { provider: provider.name })}
                          </a>
                        </Button>
                      ))}
                    </Stack>
                  )}
                  {!providers && (
                    <Field.Root required invalid={missing && !password}>
                      <Field.Label>{t('settings.reauth.password')}</Field.Label>
                      <Input
                        id="reauthentication-password"
                        type="password"
                        autoComplete="current-password"
                        value={password}
                        onChange={(event) => {
                          setPassword(event.target.value);
                          setMissing(false);
                        }}
                        data-testid="reauth-password"
                      />
                      <Field.ErrorText>{t('register.required')}</Field.ErrorText>
                    </Field.Root>
                  )}
                  {!methods && (
                    <Text fontSize="sm" color="fg.muted">
                      {t('settings.reauth.no_password')}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="3">
                  <Button variant="outline" onClick={close} data-testid="reauth-cancel">
                    {t('settings.reauth.cancel')}
                  </Button>
                  {!providers && (
                    <Button type="submit" colorPalette="brand" loading={reauthentication?.busy ?? false} data-testid="reauth-submit">
                      {t('settings.reauth.submit')}
                    </Button>
                  )}
                </HStack>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild top="2" insetEnd="2">
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
