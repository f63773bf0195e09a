// The negotiation brief in the browser: the demo member on the premium plan (set by the admin through the API, and
// set back to free at the end) opens the personalised comparison, clicks the download button and gets a PDF whose
// text holds the peer median the page shows.
import { readFile } from 'node:fs/promises';
import { extractText } from 'unpdf';
import { expect, test, type APIRequestContext } from './fixtures';
import { signInAs } from './auth-support';
import { DEMO, apiSignIn, bearer } from './comparison-support';

test.describe.configure({ timeout: 120_000 });
const SLOW = { timeout: 45_000 };

async function setMemberPlan(request: APIRequestContext, premiumType: 'free' | 'premium'): Promise<void> {
  const member = await apiSignIn(request, DEMO.member);
  const admin = await apiSignIn(request, DEMO.admin);
  const patched = await request.patch(`/api/users/${member.user._id}`, { headers: bearer(admin.token), data: { premiumType } });
  expect(patched.status(), await patched.text()).toBe(200);
}

const squash = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

test('a premium member downloads the negotiation brief from the personalised comparison; it holds the median the page shows', async ({ page, request }) => {
  await setMemberPlan(request, 'premium');
  try {
    await signInAs(page, 'member');
    await page.goto('/personalized-comparison');
    await expect(page.getByTestId('personal-comparison-page')).toHaveAttribute('data-phase', 'result', SLOW);

    // "Su total: … · mediana del grupo: 144.500 € · percentil …": the total pay's median as the page shows it.
    const gauge = squash((await page.getByTestId('gauge-totalWithDeferral').innerText()) ?? '');
    const median = /mediana del grupo: ([^·]+?)(?: ·|$)/.exec(gauge)?.[1];
    expect(median, gauge).toBeTruthy();

    const button = page.getByRole('button', { name: 'Descargar informe para negociar' });
    await expect(button).toBeEnabled();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^paybench-informe-negociacion-\d{4}\.pdf$/);
    await expect(page.getByTestId('negotiation-brief')).toHaveAttribute('data-phase', 'done', SLOW);
    await expect(page.getByTestId('negotiation-brief-message')).toHaveText('Su informe para negociar se ha descargado.');

    const { text } = await extractText(new Uint8Array(await readFile(await download.path())), { mergePages: true });
    const brief = squash(text);
    expect(brief).toContain('Informe para negociar su retribución');
    expect(brief).toContain(`mediana ${median!}`);
    expect(brief).toContain('importes distorsionados para proteger a cada persona');
  } finally {
    await setMemberPlan(request, 'free');
  }
});
