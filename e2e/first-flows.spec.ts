// The first flows through the real UI, on a laptop and on a phone (390×844), in Spanish and English:
// - every product is one click away (comparison result, my-form and the account menu lead to the personal views and
//   the plans; the header keeps its three sections with the premium flag off, all six with it on, locked
//   ones saying why);
// - "Crear mi cuenta y ver mi comparativa" lands on the personalised comparison with figures and the release note;
// - flows finish: the search resumed after buying credits runs, an invitation is confirmed on the page with
//   "invite another", and a subscription bought in the premium modal says what changed and offers the next step.
// Texts are read from the locale files, so the assertions follow the wording in both languages.
import { expect as baseExpect, test, type APIRequestContext, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { signInAs } from './auth-support';
import { switchLanguage, VIEWPORTS, type TestLanguage } from './a11y-support';
import { DEMO, apiSignIn, bearer, bringCreditsTo, waitForSearchable, watchProblems } from './comparison-support';
import { apiAnswers, memberWithCompletedForm, signIn, uniqueEmail } from './questionnaire-support';
import { payInSandbox } from './payment-support';

// Each journey waits on the real server (payments through the webhook, statistics): a longer wait per step than
// the default 10 s keeps it steady on a machine shared with other work.
const expect = baseExpect.configure({ timeout: 20_000 });

const LOCALES = {
  es: JSON.parse(readFileSync('locales/es.json', 'utf8')) as unknown,
  en: JSON.parse(readFileSync('locales/en.json', 'utf8')) as unknown,
} as const;

/** The text of a dotted key in a language, with {{name}} placeholders filled. */
function text(language: TestLanguage, key: string, values: Record<string, string> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], LOCALES[language]);
  if (typeof found !== 'string') throw new Error(`no text at ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The premium flag as PREMIUM_ENABLED=false would show it to the web app: the server's real /app-config answer with the flag off. */
async function withoutPremiumFlag(page: Page): Promise<void> {
  await page.route('**/api/app-config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), premiumEnabled: false } });
  });
}

/** Puts an account on a plan, as an admin does (PATCH users/{id}). */
async function putOnPlan(request: APIRequestContext, member: { email: string; password: string }, plan: string): Promise<void> {
  const signedIn = await request.post('/api/auth/sign-in', { data: { email: member.email, password: member.password } });
  baseExpect(signedIn.status(), await signedIn.text()).toBe(200);
  const { user } = (await signedIn.json()) as { user: { _id: string } };
  const admin = await apiSignIn(request, DEMO.admin);
  const patched = await request.patch(`/api/users/${user._id}`, { headers: bearer(admin.token), data: { premiumType: plan } });
  baseExpect(patched.status(), await patched.text()).toBe(200);
}

const PERSONAL_VIEWS = ['personalized_comparison', 'your_evolution', 'your_income_projection'] as const;

for (const viewport of VIEWPORTS) {
  for (const language of ['es', 'en'] as const) {
    test.describe(`${viewport.name}, ${language}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });
      // Journeys of several pages each (some with a payment in a second tab): more than the default 30 s on a shared machine.
      test.describe.configure({ timeout: 180_000 });

      test('every product is one click away: the comparison result, my-form and the account menu lead to the personal views and the plans', async ({
        page,
        request,
      }) => {
        const problems = watchProblems(page);
        // The flag off as the web app reads it; the server's stays on (the default), so the member is on a plan that
        // includes every view (what each plan includes: e2e/premium.spec.ts).
        await withoutPremiumFlag(page);
        const member = await memberWithCompletedForm(request, `explore-${viewport.name}-${language}`);
        await putOnPlan(request, member, 'premium');
        await signIn(page, member.email, member.password);
        await switchLanguage(page, language);

        // The header keeps its three sections with the premium flag off.
        const header = page.getByTestId('header-sections');
        await expect(header.getByRole('link')).toHaveText([
          text(language, 'sections.comparison'),
          text(language, 'sections.my_form'),
          text(language, 'sections.settings'),
        ]);

        // The account menu: the three views and the plans.
        await page.getByTestId('account-menu').click();
        for (const section of PERSONAL_VIEWS) await expect(page.getByTestId(`account-${section}`)).toHaveText(text(language, `sections.${section}`));
        await expect(page.getByTestId('account-become_premium')).toHaveText(text(language, 'account.premium_plans'));
        await page.getByTestId(`account-your_income_projection`).click();
        await expect(page).toHaveURL(/\/your-income-projection$/);
        await expect(page.getByTestId('projection-page')).toBeVisible();

        // Below a comparison's answer: the three views, what they cost, and the plans.
        await page.getByTestId('nav-comparison').click();
        await waitForSearchable(page);
        await page.getByTestId('comparison-search').click();
        await expect(page.getByTestId('comparison-result')).toHaveAttribute('data-stale', 'false');
        const explore = page.getByTestId('explore-views');
        await expect(explore.getByRole('heading')).toHaveText(text(language, 'explore.title'));
        await expect(page.getByTestId('explore-views-cost')).toHaveText(text(language, 'explore.free_note'));
        await expect(page.getByTestId('explore-views-premium')).toHaveAttribute('href', '/become-premium');
        await explore.getByRole('link', { name: text(language, 'sections.personalized_comparison') }).click();
        await expect(page).toHaveURL(/\/personalized-comparison$/);
        await expect(page.getByTestId('personal-result')).toBeVisible();

        // my-form (a completed form) leads there too.
        await page.getByTestId('nav-my_form').click();
        await expect(page.getByTestId('my-form-status')).toHaveAttribute('data-status', 'completed');
        await page
          .getByTestId('explore-views')
          .getByRole('link', { name: text(language, 'sections.your_evolution') })
          .click();
        await expect(page).toHaveURL(/\/your-evolution$/);
        await expect(page.getByTestId('evolution-page')).toBeVisible();
        expect(problems).toEqual([]);
      });

      test('with the premium flag on, the header shows all six sections and the locked ones say why', async ({ page }) => {
        await signInAs(page, 'member');
        await switchLanguage(page, language);
        const header = page.getByTestId('header-sections');
        await expect(header.getByRole('link')).toHaveCount(6);
        // The personalised comparison is free (give to get); the free plan lacks the evolution and the projection.
        await expect(page.getByTestId('nav-personalized_comparison')).not.toHaveAttribute('data-locked', /.+/);
        for (const section of PERSONAL_VIEWS.filter((each) => each !== 'personalized_comparison')) {
          const link = page.getByTestId(`nav-${section}`);
          // A free plan: the badge shows, and the link's name carries the reason.
          await expect(link).toHaveAttribute('data-locked', 'premium');
          await expect(link.getByTestId('nav-locked-badge')).toBeVisible();
          await expect(link).toHaveAccessibleName(`${text(language, `sections.${section}`)} (${text(language, 'nav.locked_premium')})`);
        }
        await expect(page.getByTestId('nav-my_form')).not.toHaveAttribute('data-locked', /.+/);
        await page.getByTestId('account-menu').click();
        await expect(page.getByTestId('account-your_evolution')).toContainText(text(language, 'nav.locked_premium'));
        await page.keyboard.press('Escape');
        // The locked view explains the plans instead of showing.
        await page.getByTestId('nav-your_evolution').click();
        await expect(page.getByTestId('premium-gate')).toBeVisible();
        await expect(page.getByTestId('premium-modal')).toHaveAttribute('data-status', 'cards');
      });

      test('"Create my account and see my comparison" lands on the personalised comparison, with figures and the release note', async ({ page, request }) => {
        const problems = watchProblems(page);
        // An anonymous questionnaire completed in this browser (through the API, as the steps save it).
        const email = uniqueEmail(`welcome-${viewport.name}-${language}`);
        const created = await request.post('/api/forms', { data: apiAnswers(email) });
        expect(created.status(), await created.text()).toBe(201);
        const formId = ((await created.json()) as { id: string }).id;
        expect((await request.put(`/api/forms/${formId}`, { data: { step: 4, complete: true } })).status()).toBe(200);
        await page.addInitScript((id) => localStorage.setItem('questionaryID', id), formId);

        await page.goto('/steps/done');
        await switchLanguage(page, language);
        await expect(page.getByTestId('questionnaire-register')).toHaveText(text(language, 'questionnaire.completed.register'));
        await page.getByTestId('questionnaire-register').click();
        await expect(page.getByTestId('register-individual-form-attached')).toBeVisible();
        const password = `Saffron-${Date.now()}-Harbour`;
        await page.getByTestId('register-individual-password').fill(password);
        await page.getByTestId('register-individual-confirm').fill(password);
        await page.getByTestId('register-individual-submit').click();

        await expect(page).toHaveURL(/\/personalized-comparison\?welcome=registered$/);
        const welcome = page.getByTestId('registration-welcome');
        await expect(welcome).toContainText(text(language, 'explore.welcome.title'));
        // Not confirmed yet: the answers count from the next release once the e-mail is confirmed.
        await expect(page.getByTestId('registration-release-note')).toHaveText(text(language, 'explore.welcome.release_note_unconfirmed'));
        // Figures at once: the gauges and the peer group of the person's own sector, level and country.
        await expect(page.getByTestId('personal-comparison-page')).toHaveAttribute('data-phase', 'result');
        await expect(page.getByTestId('personal-result')).toBeVisible();
        await expect(page.getByTestId('personal-group')).toBeVisible();
        expect(problems).toEqual([]);
      });

      test('a corporate user who invites a colleague stays, reads the confirmation and can invite another or move on', async ({ page }) => {
        await signInAs(page, 'corporate');
        await switchLanguage(page, language);
        await page.goto('/register');
        const invite = async (email: string) => {
          await page.getByTestId('register-email').fill(email);
          await page.getByTestId('register-password').fill('Granite-Sparrow-Ledger-8');
          await page.getByTestId('register-password-confirm').fill('Granite-Sparrow-Ledger-8');
          await page.getByTestId('register-submit').click();
        };
        const first = uniqueEmail(`colleague-${viewport.name}-${language}`);
        await invite(first);
        const confirmation = page.getByTestId('register-created');
        await expect(confirmation).toContainText(text(language, 'register.invited', { email: first }));
        await expect(confirmation).toBeInViewport();
        await expect(page).toHaveURL(/\/register$/);
        await expect(page.getByTestId('register-email')).toHaveValue('');

        // "Invite another": the confirmation goes, the e-mail field takes the next address.
        await page.getByTestId('register-invite-another').click();
        await expect(confirmation).toHaveCount(0);
        await expect(page.getByTestId('register-email')).toBeFocused();
        const second = uniqueEmail(`colleague2-${viewport.name}-${language}`);
        await invite(second);
        await expect(confirmation).toContainText(text(language, 'register.invited', { email: second }));

        // Moving on is the registrant's choice: to the dashboard (the corporate landing of machines/auth/landing.ts).
        await expect(page.getByTestId('register-continue')).toHaveText(text(language, 'register.continue_dashboard'));
        await page.getByTestId('register-continue').click();
        await expect(page).toHaveURL(/\/dashboard$/);
      });

      test('after buying credits, "back to my search" runs the search that was waiting', async ({ page, request }) => {
        const problems = watchProblems(page);
        await bringCreditsTo(request, DEMO.corporate, 0);
        await signInAs(page, 'corporate');
        await switchLanguage(page, language);
        await page.goto('/comparison');
        // At 0 credits the search waits: its filters are kept for the way back.
        await page.getByTestId('filter-country').selectOption('es');
        await expect(page.getByTestId('comparison-search')).toBeDisabled();
        await page.getByTestId('comparison-no-credits').getByRole('link').click();
        await expect(page).toHaveURL(/\/my-account\/my-credits$/);
        await expect(page.getByTestId('pending-search')).toHaveAttribute('data-ready', 'false');

        await payInSandbox(page, () => page.getByTestId('credit-pack').first().getByTestId('credit-pack-buy').click());
        await expect(page.getByTestId('credit-balance')).toHaveText('10', { timeout: 60_000 });
        await expect(page.getByTestId('pending-search')).toHaveAttribute('data-ready', 'true');
        await page.getByTestId('pending-search-resume').click();

        // The search runs by itself, with the kept filters: one credit spent, no second click.
        await expect(page).toHaveURL(/\/comparison$/);
        await expect(page.getByTestId('comparison-result')).toHaveAttribute('data-stale', 'false');
        await expect(page.getByTestId('filter-country')).toHaveValue('es');
        await expect(page.getByTestId('comparison-credits-left')).toHaveText(text(language, 'comparison.result.credits_left_other', { count: '9' }));
        expect(problems).toEqual([]);
      });

      test('after subscribing, the premium modal says what changed and offers the next step', async ({ page, request }) => {
        const problems = watchProblems(page);
        const member = await memberWithCompletedForm(request, `premium-${viewport.name}-${language}`);
        await signIn(page, member.email, member.password);
        await switchLanguage(page, language);
        await page.goto('/become-premium');
        const modal = page.getByTestId('premium-modal');
        await expect(modal).toHaveAttribute('data-status', 'cards', { timeout: 60_000 });
        // Each column pairs the options of one plan: the yearly card and its 3-month option.
        const firstColumn = modal.getByTestId('card-column').first().getByTestId('subscription-card');
        await expect(firstColumn).toHaveCount(2);
        expect(await firstColumn.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')))).toEqual(['basic-year', 'basic-quarter']);

        const premium = modal.locator('[data-card="premium-year"]');
        await premium.getByTestId('card-select').scrollIntoViewIfNeeded();
        await payInSandbox(page, () => premium.getByTestId('card-select').click());

        await expect(modal).toHaveAttribute('data-status', 'purchased', { timeout: 60_000 });
        const plan = text(language, 'payments.plans.premium');
        await expect(modal.getByTestId('premium-modal-title')).toHaveText(text(language, 'become_premium.purchased.title', { plan }));
        await expect(modal.getByTestId('manage-subscription')).toHaveAttribute('data-plan', 'premium');
        await modal.getByTestId('premium-next-step').click();
        await expect(page).toHaveURL(/\/personalized-comparison$/);
        await expect(page.getByTestId('personal-result')).toBeVisible();
        expect(problems).toEqual([]);
      });
    });
  }
}

test('phone: the premium modal body scrolls with a visible cue until its last button is reachable', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'member');
  await page.goto('/become-premium');
  const modal = page.getByTestId('premium-modal');
  await expect(modal).toHaveAttribute('data-status', 'cards');
  const body = page.getByTestId('premium-modal-body');
  const cue = page.getByTestId('premium-modal-scroll-cue');
  await expect(body).toHaveAttribute('data-more-below', 'true');
  await expect(cue).toBeInViewport();
  // The cue scrolls on; at the end it goes, and the last card's button is in view, not clipped.
  for (let presses = 0; presses < 12 && (await body.getAttribute('data-more-below')) === 'true'; presses++) {
    const before = await body.evaluate((element) => element.scrollTop);
    await cue.click();
    await expect.poll(() => body.evaluate((element) => element.scrollTop)).toBeGreaterThan(before);
    // The cue scrolls smoothly: wait until the body stops, so the next look at the cue sees where it ended.
    let last = -1;
    await expect
      .poll(
        async () => {
          const now = await body.evaluate((element) => element.scrollTop);
          const settled = now === last;
          last = now;
          return settled;
        },
        { intervals: [150] },
      )
      .toBe(true);
  }
  await expect(cue).toHaveCount(0);
  const lastButton = modal.getByTestId('card-more-details').last();
  await expect(lastButton).toBeInViewport({ ratio: 1 });
});
