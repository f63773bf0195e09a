// axe-core on every route of src/domain/routes.ts and the key states of each (empty forms, errors shown,
// results, modals, the cookie bar, the account menu), in Spanish and English, at 1366×900 and 390×844:
// zero violations of axe's default rules (WCAG 2.0/2.1 A and AA, best practices). One page load per state;
// the languages and widths change on the loaded page (a11y-support.ts). Each role signs in once.
import { expect, test, type Page } from './fixtures';
import { signInAs } from './auth-support';
import { apiSignIn, bearer, bringCreditsTo, DEMO, expectChartDrawn, waitForSearchable } from './comparison-support';
import { answerStep, next } from './questionnaire-support';
import { axeViolations, expectAccessible, visit } from './a11y-support';
import { badPayroll, deletePayrollThroughApi, smallPayroll, TEST_YEAR, uploadPayrollThroughApi } from './pay-transparency-support';

// Every state is four axe runs (a quarter to half a second each, after the page settles); a role's tour is one test.
test.describe.configure({ timeout: 360_000 });
// The tour sees the motion most visitors see (the journeys run with less motion asked: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

/** The comparison with a result on screen (the search is run when the page did not run one itself). */
async function showResult(page: Page): Promise<void> {
  const result = page.getByTestId('comparison-result');
  await expect(page.getByTestId('comparison-search').or(result).first()).toBeVisible();
  if (!(await result.isVisible())) {
    await waitForSearchable(page);
    await page.getByTestId('comparison-search').click();
  }
  await expect(result).toHaveAttribute('data-stale', 'false');
  await expectChartDrawn(page, 'totalWithoutDeferral');
}

const openAccountMenu = async (page: Page) => {
  await page.getByTestId('account-menu').click();
  await expect(page.getByTestId('account-sign-out')).toBeVisible();
};
const closeAccountMenu = async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('account-sign-out')).toBeHidden();
};
const closeConfirm = async (page: Page) => {
  await page.getByTestId('confirm-reject').click();
  await expect(page.getByTestId('confirm-modal')).toBeHidden();
};

test('signed out: home with the cookie bar, the information pages, the blog and a post, not found', async ({ page }) => {
  await visit(page, '/home', 'home-hero');
  await expect(page.getByTestId('home-summary-figures')).toBeVisible();
  await expect(page.getByTestId('cookie-bar')).toBeVisible();
  await expectAccessible(page, 'home with the cookie bar');
  await page.getByTestId('cookie-deny').click();
  await expect(page.getByTestId('cookie-bar')).toHaveCount(0);

  for (const path of ['/faqs', '/benefits', '/about', '/privacy', '/terms', '/legal']) {
    await visit(page, path, 'information-page');
    await expectAccessible(page, path);
  }
  // Accordion answers open.
  await visit(page, '/faqs', 'faq-list');
  await page.getByTestId('faq-list').getByRole('button').first().click();
  await expectAccessible(page, '/faqs with an answer open');

  // The blog, insights and a post, and a post that does not exist.
  for (const path of ['/blog', '/insights']) {
    await visit(page, path, 'news-list');
    await expectAccessible(page, path);
  }
  await visit(page, '/blog', 'news-list');
  await page.getByTestId('news-card').first().getByRole('link').click();
  await expect(page.getByTestId('post-body')).toBeVisible();
  await expectAccessible(page, 'a post');
  await visit(page, '/post-detail/no-such-post', 'post-not-found');
  await expectAccessible(page, 'a post that does not exist');
  await visit(page, '/no-such-page', 'not-found');
  await expectAccessible(page, 'not found');

  // A release alert's unsubscribe link, opened without a session: the question, then a link that does not hold.
  await visit(page, '/release-alerts/unsubscribe?token=not-a-signed-token', 'release-alerts-unsubscribe-page');
  await expect(page.getByTestId('release-alerts-unsubscribe-page')).toHaveAttribute('data-status', 'asking');
  await expectAccessible(page, '/release-alerts/unsubscribe asking');
  await page.getByTestId('release-alerts-unsubscribe-button').click();
  await expect(page.getByTestId('release-alerts-unsubscribe-invalid')).toBeVisible();
  await expectAccessible(page, '/release-alerts/unsubscribe with a link that does not hold');
});

test.describe('with less motion asked of the system', () => {
  test.use({ reducedMotion: 'reduce' });
  test('nothing animates: the cookie bar, the account menu and a dialog appear in their end state', async ({ page }) => {
    /** The longest animation or transition on the page now, in ms (computed styles: what the browser will play). */
    const longestMotion = () =>
      page.evaluate(() => {
        const ms = (value: string) => Math.max(...value.split(',').map((part) => (part.trim().endsWith('ms') ? parseFloat(part) : parseFloat(part) * 1000)));
        let longest = 0;
        for (const element of document.querySelectorAll('*')) {
          const style = getComputedStyle(element);
          if (style.animationName !== 'none') longest = Math.max(longest, ms(style.animationDuration));
          longest = Math.max(longest, ms(style.transitionDuration));
        }
        return longest;
      });
    await visit(page, '/home', 'home-hero');
    await expect(page.getByTestId('cookie-bar')).toBeVisible();
    expect(await longestMotion()).toBeLessThan(1);
    await page.getByTestId('cookie-deny').click();
    await signInAs(page, 'member');
    await openAccountMenu(page);
    expect(await longestMotion()).toBeLessThan(1);
    await closeAccountMenu(page);
    await visit(page, '/my-account/settings', 'settings-page');
    await page.getByTestId('settings-delete-password').fill('not-checked-before-confirming');
    await page.getByTestId('settings-delete').click();
    await expect(page.getByTestId('confirm-modal')).toBeVisible();
    expect(await longestMotion()).toBeLessThan(1);
  });
});

test('an admin: the news list and the editor with its preview, problems and the delete confirmation', async ({ page }) => {
  await signInAs(page, 'admin');
  await visit(page, '/admin/news', 'admin-news-table');
  await page.getByTestId('cookie-deny').click();
  await expectAccessible(page, '/admin/news');
  await visit(page, '/admin/news/new', 'editor-body');
  await page.getByTestId('editor-publish').click();
  await expect(page.getByTestId('editor-problems')).toBeVisible();
  await expectAccessible(page, 'the editor with its problems', { languages: ['es'] });
  await visit(page, '/admin/news', 'admin-news-table');
  await page.getByTestId('admin-news-row').first().getByRole('link').click();
  await expect(page.getByTestId('editor-preview').locator('p').first()).toBeVisible();
  await expectAccessible(page, 'the editor of a post with its preview');
  await page.getByTestId('editor-delete').click();
  await expect(page.getByTestId('confirm-modal')).toBeVisible();
  await expectAccessible(page, 'the delete confirmation', { languages: ['es'] });
  await closeConfirm(page);
});

test('signed out: sign-in, password reset, registration and the demo comparison', async ({ page }) => {
  await visit(page, '/login', 'sign-in-form');
  await page.getByTestId('cookie-deny').click();
  await expectAccessible(page, '/login empty');
  await page.getByTestId('login-email').fill('nobody-a11y@example.com');
  await page.getByTestId('login-password').fill('Wrong-password-1234');
  await page.getByTestId('login-submit').click();
  // A wrong password is reported once, on the password field (no toast beside it).
  await expect(page.getByTestId('login-password-error')).toBeVisible();
  await expectAccessible(page, '/login with a wrong password');

  await visit(page, '/reset-password', 'forgot-form');
  await expectAccessible(page, '/reset-password empty');

  await visit(page, '/register/individual', 'register-individual-page');
  await expectAccessible(page, '/register/individual empty');
  await page.getByTestId('register-individual-submit').click();
  await expectAccessible(page, '/register/individual with errors');

  await visit(page, '/register/individual/complete', 'register-complete-page');
  await expectAccessible(page, '/register/individual/complete');

  await visit(page, '/demo-comparison', 'demo-comparison-page');
  await expectAccessible(page, '/demo-comparison before a search');
  await showResult(page);
  await expectAccessible(page, '/demo-comparison with results');
});

test('signed out: every questionnaire step, empty and with its errors shown', async ({ page }) => {
  await visit(page, '/steps', 'questionnaire-step');
  await page.getByTestId('cookie-deny').click();
  await expectAccessible(page, '/steps/1 empty');
  await page.getByTestId('questionnaire-next').click();
  await expect(page.getByTestId('questionnaire-step')).toHaveAttribute('data-invalid', 'true');
  await expectAccessible(page, '/steps/1 with errors');
  for (let step = 0; step < 4; step++) {
    await answerStep(page, step, step === 0 ? `a11y-${Date.now()}@example.com` : undefined);
    await next(page, step);
    await expectAccessible(page, `/steps/${step + 2} (steps 1–${step + 1} saved)`);
  }
});

test('member: comparison with results, my-form, settings with the delete confirmation, the account menu', async ({ page }) => {
  await signInAs(page, 'member');
  await page.getByTestId('cookie-deny').click();
  await showResult(page);
  await expectAccessible(page, '/comparison with results (member)');
  // The result after the filters changed (stale): its texts keep their contrast (faded, 32 nodes).
  await expectAccessible(page, '/comparison with a stale result (member)', {
    // Another year than the result's; on a phone the filters are behind "Change filters" first.
    open: async (p) => {
      const year = p.getByTestId('filter-year');
      await expect(year.or(p.getByTestId('comparison-change-filters')).first()).toBeVisible();
      if (!(await year.isVisible())) await p.getByTestId('comparison-change-filters').click();
      await year.selectOption({ index: 2 });
      await expect(p.getByTestId('comparison-result')).toHaveAttribute('data-stale', 'true');
      // The live count of the new filters ends by enabling "Compare", whose colour then fades in: wait for it, so
      // axe measures the button as it stays rather than half-faded.
      await expect(p.getByTestId('comparison-search')).toBeEnabled();
    },
  });
  await expectAccessible(page, 'account menu open (member)', { open: openAccountMenu, close: closeAccountMenu });

  await visit(page, '/my-form', 'my-form-page');
  await expect(page.getByTestId('my-form-page')).not.toHaveAttribute('data-phase', 'loading');
  await expectAccessible(page, '/my-form');
  await visit(page, '/my-form-editor', 'questionnaire-step');
  await expectAccessible(page, '/my-form-editor');
  await visit(page, '/update-data', 'update-data-page');
  await expect(page.getByTestId('update-data-page')).not.toHaveAttribute('data-phase', 'loading');
  await expectAccessible(page, '/update-data');

  for (const path of ['/settings', '/my-account/settings']) {
    await visit(page, path, 'settings-page');
    await expectAccessible(page, path);
  }
  await page.getByTestId('settings-password-submit').click();
  await expectAccessible(page, '/my-account/settings with the password form errors');
  await page.getByTestId('settings-delete-password').fill('not-checked-before-confirming');
  await expectAccessible(page, 'account deletion confirm modal', {
    open: async (p) => {
      await p.getByTestId('settings-delete').click();
      await expect(p.getByTestId('confirm-modal')).toBeVisible();
    },
    close: closeConfirm,
  });

  await visit(page, '/register/individual', 'register-individual-signed-in');
  await expectAccessible(page, '/register/individual signed in');

  // The free plan's personalised comparison, and the negotiation brief's upsell its button answers with.
  await visit(page, '/personalized-comparison', 'personal-result');
  await page.getByTestId('negotiation-brief-download').click();
  await expect(page.getByTestId('negotiation-brief')).toHaveAttribute('data-phase', 'premiumRequired');
  await expectAccessible(page, '/personalized-comparison with the brief upsell (free plan)');
});

test('member: the premium modal with its cards and the personal views with their figures', async ({ page }) => {
  await signInAs(page, 'member');
  await page.getByTestId('cookie-deny').click();
  // The modal makes the page behind it inert (the language buttons too): it is opened after each language
  // switch and closed (back to the page before) to switch again.
  await visit(page, '/comparison', 'comparison-title');
  await expectAccessible(page, '/become-premium (premium modal)', {
    open: async (p) => {
      await p.goto('/become-premium');
      await expect(p.getByTestId('premium-modal')).toHaveAttribute('data-status', 'cards');
    },
    close: async (p) => {
      await p.getByTestId('premium-modal-close').click();
      await expect(p.getByTestId('premium-modal')).toBeHidden();
    },
  });
  // The personal views with their figures: the premium demo member, whose plan includes every one of them.
  await signInAs(page, 'premium');
  for (const [path, ready] of [
    ['/personalized-comparison', 'personal-result'],
    ['/your-evolution', 'evolution-page'],
    ['/your-income-projection', 'projection-result'],
  ] as const) {
    await visit(page, path, ready);
    await expectAccessible(page, path);
  }
  // Where a member lands right after registering: the welcome with the release note above the figures.
  await visit(page, '/personalized-comparison?welcome=registered', 'registration-welcome');
  await expect(page.getByTestId('personal-result')).toBeVisible();
  await expectAccessible(page, '/personalized-comparison after registering (welcome note)');
  // An evolution without figures in any year (one sentence, its widening link), then the wider
  // group with the note that says so.
  await visit(page, '/your-evolution', 'evolution-result');
  await page.getByTestId('filter-country').selectOption('ar');
  await page.getByTestId('comparison-search').click();
  await expect(page.getByTestId('evolution-empty')).toBeVisible();
  await expectAccessible(page, '/your-evolution without figures');
  await page.getByTestId('evolution-widen').click();
  await expect(page.getByTestId('evolution-widened')).toBeVisible();
  await expectAccessible(page, '/your-evolution widened');
  // The settings with the release alerts the premium plan includes, switched on (not saved).
  await visit(page, '/settings', 'settings-page');
  const alerts = page.getByTestId('settings-release-alerts');
  await expect(alerts).toHaveAttribute('data-status', 'editing');
  await alerts.getByTestId('release-alerts-switch').click();
  await expect(alerts.getByTestId('release-alerts-switch')).toHaveAttribute('data-state', 'checked');
  await expectAccessible(page, '/settings with the release alerts switched on (premium)');
});

test('corporate: dashboard, pay transparency, comparison with results, saved comparison, my-account, searches and the delete modal, register', async ({
  page,
  request,
}) => {
  await bringCreditsTo(request, DEMO.corporate, 3);
  await signInAs(page, 'corporate');
  await page.getByTestId('cookie-deny').click();
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await expectAccessible(page, '/dashboard');

  // Pay transparency, one visit: a payroll's report with its chart and the Art. 10 form open, and a refused file's problems.
  const corporate = await apiSignIn(request, DEMO.corporate);
  await uploadPayrollThroughApi(request, corporate.token, TEST_YEAR, smallPayroll());
  await visit(page, `/pay-transparency?year=${TEST_YEAR}`, 'pt-calendar');
  await expect(page.getByTestId('pt-report')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('pt-quartiles-chart').locator('svg.apexcharts-svg')).toBeVisible();
  await page.locator('[data-testid="pt-flagged"][data-category="Analistas"]').getByTestId('pt-action-open').click();
  await page.getByTestId('pt-upload-file').setInputFiles({ name: 'nomina.csv', mimeType: 'text/csv', buffer: Buffer.from(badPayroll(), 'utf8') });
  await page.getByTestId('pt-upload-submit').click();
  await expect(page.getByTestId('pt-problem').first()).toBeVisible();
  await expectAccessible(page, '/pay-transparency with a report, the Art. 10 form open and a refused file');
  await deletePayrollThroughApi(request, corporate.token, TEST_YEAR);

  await visit(page, '/comparison', 'comparison-title');
  await showResult(page);
  await expectAccessible(page, '/comparison with results (corporate)');

  await visit(page, '/my-account', 'my-account-page');
  await expectAccessible(page, '/my-account');
  await visit(page, '/my-account/my-credits', 'my-credits-page');
  await expectAccessible(page, '/my-account/my-credits');

  await visit(page, '/my-account/my-searches', 'my-searches-list');
  await expectAccessible(page, '/my-account/my-searches');
  await expectAccessible(page, 'search deletion confirm modal', {
    open: async (p) => {
      await p.getByTestId('search-entry-delete').first().click();
      await expect(p.getByTestId('confirm-modal')).toBeVisible();
    },
    close: closeConfirm,
  });
  // The success toast after a deletion (shown for a few seconds: one language, both widths).
  await page.getByTestId('search-entry-delete').first().click();
  await page.getByTestId('confirm-resolve').click();
  await expect(page.getByTestId('toast').filter({ hasText: /.+/ }).first()).toBeVisible();
  await expectAccessible(page, 'success toast', { languages: ['es'] });
  // Its fade-out would otherwise be measured half-transparent on the next page.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 20_000 });

  await page.getByTestId('search-entry-reopen').first().click();
  await expect(page).toHaveURL(/\/comparison\/[^/]+$/);
  await expect(page.getByTestId('comparison-result')).toHaveAttribute('data-stale', 'false');
  await expectAccessible(page, '/comparison/:id (saved search)');

  await visit(page, '/register', 'register-form');
  await expectAccessible(page, '/register empty');
  await page.getByTestId('register-submit').click();
  await expectAccessible(page, '/register with errors');
  // An invitation sent: the confirmation on the page with "invite another" and the way on (one language: each
  // invitation creates an account).
  await page.getByTestId('register-email').fill(`a11y-colleague-${Date.now()}@example.com`);
  await page.getByTestId('register-password').fill('Granite-Sparrow-Ledger-9');
  await page.getByTestId('register-password-confirm').fill('Granite-Sparrow-Ledger-9');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-created')).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 20_000 });
  await expectAccessible(page, '/register with the invitation confirmed', { languages: ['es'] });
});

test('admin: statistics landing page and a member’s form compared by an admin', async ({ page, request }) => {
  const admin = await apiSignIn(request, DEMO.admin);
  const listed = await request.get(`/api/forms?query=${encodeURIComponent(DEMO.member)}&status=completed`, { headers: bearer(admin.token) });
  expect(listed.status(), await listed.text()).toBe(200);
  const form = ((await listed.json()) as { items: Array<{ id: string; userId: string }> }).items[0];

  await signInAs(page, 'admin');
  await page.getByTestId('cookie-deny').click();
  await expectAccessible(page, '/admin/stats');
  // The admin lists and detail pages whose tables scroll on a phone: both widths, both languages.
  for (const [path, ready] of [
    ['/admin/users', 'admin-users-table'],
    [`/admin/users/${form.userId}`, 'admin-user-forms-scroll'],
    ['/admin/forms', 'admin-forms-table'],
    [`/admin/forms/${form.id}`, 'admin-form-title'],
  ] as const) {
    await visit(page, path, ready);
    await expectAccessible(page, path);
  }
  await visit(page, `/comparison-comp/${form.id}`, 'comparison-admin-page');
  await expect(page.getByTestId('filter-sector')).toHaveValue('banking');
  await expectAccessible(page, '/comparison-comp/:id before a search');
  // Widen the member's peer group until it is large enough to compare.
  await page.getByTestId('filter-positionLevel').selectOption('');
  await page.getByTestId('filter-sector').selectOption('');
  await showResult(page);
  await expectAccessible(page, '/comparison-comp/:id with results');
});

test('admin: the data-quality report with its checks, form links and years', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.getByTestId('cookie-deny').click();
  await visit(page, '/admin/data-quality', 'quality-report');
  await expect(page.getByTestId('quality-years-table')).toBeVisible();
  await expectAccessible(page, '/admin/data-quality');
});

test('the scanner itself: problems put into a real page are reported, the experimental label rule included', async ({ page }) => {
  await visit(page, '/about', 'information-page');
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    main.insertAdjacentHTML(
      'beforeend',
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">' +
        '<p style="color:#eee;background:#fff">pale text</p>' +
        '<button aria-label="Delete everything">Keep</button>',
    );
  });
  const violations = (await axeViolations(page)).map((line) => line.split(' ')[0]);
  expect(violations).toEqual(expect.arrayContaining(['image-alt', 'color-contrast', 'label-content-name-mismatch']));
});
