// Shows an outcome of the error catalogue (src/api/errorCatalogue.ts) as a toast. Navigation the
// outcome asks for is left to the caller, which knows the router.
import type { TFunction } from 'i18next';
import { toastLifetimeMs, type CatalogueOutcome, type ToastOutcome } from '../../api/errorCatalogue';
import { toaster } from '../components/ui/toaster';

export { errorCatalogue } from '../../api/errorCatalogue';

export interface CatalogueToastText {
  title?: string;
  text?: string;
  items?: string[];
}

/** The words of the toast in the current language; a server text stands in for a missing translation. */
export function catalogueToastText(outcome: ToastOutcome, t: TFunction): CatalogueToastText {
  const text = outcome.textKey ? t(outcome.textKey, { defaultValue: outcome.text }) : outcome.text;
  return {
    ...(outcome.titleKey ? { title: t(outcome.titleKey) } : {}),
    ...(text ? { text } : {}),
    ...(outcome.items?.length ? { items: outcome.items } : {}),
  };
}

export function showCatalogueToast(outcome: CatalogueOutcome, t: TFunction): void {
  if (outcome.kind === 'none') return;
  const { title, text, items } = catalogueToastText(outcome, t);
  const lifetime = toastLifetimeMs(outcome.durationMs);
  toaster.create({
    type: outcome.status,
    title,
    description: items ? (
      <>
        {text}
        <ul style={{ margin: '0.25rem 0 0 1.25rem' }}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </>
    ) : (
      text
    ),
    duration: lifetime ?? Infinity,
    closable: true,
  });
}
