// @vitest-environment happy-dom
// The shell's views render what the long-lived actors say and send what the person does: the cookie
// bar, the account menu button, and the confirm modal (resolve → true, reject → false).
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { appMachine, type AppInput } from '../../machines/app/appMachine';
import { authMachine } from '../../machines/auth/authMachine';
import { AuthFailure, NO_SESSION } from '../../machines/auth/failure';
import { consentMachine } from '../../machines/consent/consentMachine';
import { campaignCaptureMachine } from '../../machines/campaignCapture/campaignCaptureMachine';
import { system } from '../../src/web/kernel/theme';
import { createI18n } from '../../src/web/kernel/i18nBundled';
import { AppActorContext } from '../../src/web/kernel/session';
import { CookieBar } from '../../src/web/features/cookies/CookieBar';
import { AccountMenu } from '../../src/web/app/AccountMenu';
import { useConfirm } from '../../src/web/components/ConfirmModal';

afterEach(cleanup);

function appActor(stored: Partial<AppInput> = {}) {
  const written: Record<string, string> = {};
  const actor = createActor(
    appMachine.provide({
      actors: {
        auth: authMachine.provide({ actors: { restoreSession: fromPromise(() => Promise.reject(new AuthFailure(NO_SESSION))) } }),
        consent: consentMachine.provide({
          actors: { analytics: fromCallback(() => () => {}) },
          actions: { storeChoice: (_, params) => void (written.acceptCookies = String(params.accepted)) },
          delays: { barHide: 20 },
        }),
        capture: campaignCaptureMachine.provide({ actors: { watchQuery: fromCallback(() => () => {}) } }),
      },
    }),
    {
      input: {
        auth: { storedUser: null },
        consent: { stored: null },
        capture: { pendingCampaignId: null },
        language: { language: 'es' },
        ...stored,
      },
    },
  ).start();
  return { actor, written };
}

function renderShell(ui: React.ReactNode, app = appActor()) {
  render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={createI18n('es')}>
        <AppActorContext.Provider value={app.actor}>
          <MemoryRouter>{ui}</MemoryRouter>
        </AppActorContext.Provider>
      </I18nextProvider>
    </ChakraProvider>,
  );
  return app;
}

describe('cookie bar', () => {
  it('shows accept and deny while no choice is stored, and slides away after one', async () => {
    const app = renderShell(<CookieBar />);
    expect(screen.getByTestId('cookie-bar').getAttribute('data-state')).toBe('shown');
    expect(screen.getByTestId('cookie-accept').textContent).toBe('Aceptar');
    expect(screen.getByTestId('cookie-deny').textContent).toBe('Rechazar');
    fireEvent.click(screen.getByTestId('cookie-deny'));
    expect(screen.getByTestId('cookie-bar').getAttribute('data-state')).toBe('hiding');
    expect(app.written).toEqual({ acceptCookies: 'false' });
    await waitFor(() => expect(screen.queryByTestId('cookie-bar')).toBeNull());
  });

  it('is not shown when a choice is stored', () => {
    renderShell(<CookieBar />, appActor({ consent: { stored: true } }));
    expect(screen.queryByTestId('cookie-bar')).toBeNull();
  });
});

describe('account menu', () => {
  it('offers to sign in once it is known that nobody is signed in', async () => {
    renderShell(<AccountMenu />);
    await waitFor(() => expect(screen.getByTestId('account-sign-in').getAttribute('href')).toBe('/login'));
    expect(screen.queryByTestId('account-menu')).toBeNull();
  });
});

function Asker() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState<string>('none');
  return (
    <>
      <button data-testid="ask-delete" onClick={() => void confirm.ask('delete').then((value) => setAnswer(String(value)))} />
      <button data-testid="ask-copy" onClick={() => void confirm.ask('copy').then((value) => setAnswer(String(value)))} />
      <output data-testid="answer">{answer}</output>
      {confirm.modal}
    </>
  );
}

describe('confirm modal', () => {
  it('asks with the texts of its kind and answers false on reject, true on resolve', async () => {
    renderShell(<Asker />);
    fireEvent.click(screen.getByTestId('ask-delete'));
    await waitFor(() => expect(screen.getByTestId('confirm-title').textContent).toBe('¿Eliminar este elemento?'));
    expect(screen.getByTestId('confirm-modal').getAttribute('data-kind')).toBe('delete');
    expect(screen.getByTestId('confirm-reject').textContent).toBe('Cancelar');
    expect(screen.getByTestId('confirm-resolve').textContent).toBe('Eliminar');
    await act(async () => fireEvent.click(screen.getByTestId('confirm-reject')));
    await waitFor(() => expect(screen.getByTestId('answer').textContent).toBe('false'));

    fireEvent.click(screen.getByTestId('ask-copy'));
    await waitFor(() => expect(screen.getByTestId('confirm-title').textContent).toBe('¿Copiar el cuestionario del año anterior?'));
    expect(screen.getByTestId('confirm-resolve').textContent).toBe('Sí, copiar');
    await act(async () => fireEvent.click(screen.getByTestId('confirm-resolve')));
    await waitFor(() => expect(screen.getByTestId('answer').textContent).toBe('true'));
  });
});
