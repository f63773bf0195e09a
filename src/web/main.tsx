import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { AppProviders } from './app/providers';
import { createBrowserI18n, readStoredLanguage } from './kernel/i18n';
import { createAppRouter } from './app/router';
import './app/startupPause';
import { createAppActor } from './app/appActor';
import { nextTask } from './kernel/nextTask';

async function start(i18n: I18n) {
  // Screen readers and the browser's own translation need the page language; a switch sets it again once its texts
  // are there (the language machine's applyLanguage, machines/language/actors.ts).
  document.documentElement.lang = i18n.language;

  // Each step of the start in its own task (nextTask): together they would block a phone for ~200 ms.
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // The long-lived statecharts (session, consent, campaign capture, language, notifications): started
  // once, before the first render, so guards know at once whether a session is being restored.
  const app = createAppActor({ router, i18n });
  await nextTask();

  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that yield to the browser every few milliseconds, so the first render
  // of a whole page is not one long task a phone's input waits behind.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders i18n={i18n} app={app}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

// Not a top-level await: the English texts' chunk imports this module's chunk, which must finish evaluating
// first (awaiting here would wait for it forever).
void createBrowserI18n(readStoredLanguage()).then(start);
