// One voice: these screens read as usted from top to bottom — the personal
// views (where "Tu grupo" stood beside "Usted: 226.000 €"), the plan cards, the company dashboard with its widget,
// the home page with its footer — and the same screens in English carry no Spanish left behind. The whole visible
// text of each page is read, with the same word lists as the locale test (tests/web/spanishVoice.ts).
import { expect, test, type Page } from './fixtures';
import { signInAs } from './auth-support';
import { informalWords, spanishWords } from '../tests/web/spanishVoice';

// Several pages in two languages on a shared machine: generous but finite waits.
test.describe.configure({ timeout: 180_000 });
const SLOW = { timeout: 45_000 };

const visibleText = (page: Page) => page.locator('body').innerText();

/** The language's own name ("Español", in the language switch) is the one Spanish word an English page may show. */
const withoutLanguageNames = (text: string) => text.replace(/Español/g, '');

/** The personalised comparison with its insights: shown (`ready`), or, for a plan without them, what they are (`locked`). */
async function openPersonalComparison(page: Page, insights: 'ready' | 'locked' = 'ready') {
  await page.goto('/personalized-comparison');
  await expect(page.getByTestId('personal-comparison-page')).toHaveAttribute('data-phase', 'result', SLOW);
  await expect(page.getByTestId('insights')).toHaveAttribute('data-phase', insights, SLOW);
}

test('the member reads usted on the personal views and the plan cards, and English with no Spanish', async ({ page }) => {
  // The premium demo member: every personal view is theirs to read.
  await signInAs(page, 'premium');
  await openPersonalComparison(page);
  const comparison = await visibleText(page);
  expect(comparison).toContain('Su grupo de referencia');
  expect(informalWords(comparison)).toEqual([]);

  await page.goto('/your-income-projection');
  await expect(page.getByTestId('projection-page')).toHaveAttribute('data-phase', 'ready', SLOW);
  expect(informalWords(await visibleText(page))).toEqual([]);

  // The plan cards, as the free demo member sees them (a paid plan sees its manage block), and their own views.
  await signInAs(page, 'member');
  await page.goto('/become-premium');
  const modal = page.getByTestId('premium-modal');
  await expect(modal).toHaveAttribute('data-status', 'cards', SLOW);
  await expect(modal.getByTestId('subscription-card').first()).toBeVisible();
  const cards = await modal.innerText();
  expect(cards).toContain('Su evolución, nominal y real');
  expect(informalWords(cards)).toEqual([]);

  // The same page in English (the switch is kept across the navigation).
  await page.goto('/home');
  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('language-en')).toHaveAttribute('aria-pressed', 'true');
  await openPersonalComparison(page, 'locked');
  const english = await visibleText(page);
  expect(english).toContain('Your peer group');
  expect(spanishWords(withoutLanguageNames(english))).toEqual([]);
});

test('the company dashboard and the home page read usted, and English with no Spanish', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
  expect(informalWords(await visibleText(page))).toEqual([]);

  await signInAs(page, 'corporate'); // lands on /dashboard
  await expect(page.getByTestId('dashboard-page')).toBeVisible(SLOW);
  await expect(page.getByTestId('dashboard-start')).toBeVisible(SLOW);
  expect(informalWords(await visibleText(page))).toEqual([]);

  await page.getByTestId('language-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // English is fetched on the first switch: the page is read again until it has re-rendered in it (a Spanish word
  // that stays is still reported when the wait ends).
  await expect.poll(async () => spanishWords(withoutLanguageNames(await visibleText(page))), SLOW).toEqual([]);
});
