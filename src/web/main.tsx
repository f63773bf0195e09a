import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createI18n, readStoredLanguage } from './app/i18n';
import { createAppRouter } from './app/router';
import { createAppActor } from './app/appActor';

const i18n = createI18n(readStoredLanguage());
// Screen readers and the browser's own translation need the page language.
document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

const router = createAppRouter();
// The long-lived statecharts (session, consent, campaign capture, language, notifications): started
// once, before the first render, so guards know at once whether a session is being restored.
const app = createAppActor({ router, i18n });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders i18n={i18n} app={app}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
