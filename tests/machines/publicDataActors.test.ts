// The public reads (home figures, app configuration) at the edge of our system: a fake fetch stands in for the
// network. The web app makes them wait for its first paint; they must not ask before what they wait for is done.
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type PromiseActorLogic } from 'xstate';
import { createApiClient } from '../../src/api/client';
import { publicDataActors } from '../../machines/publicData/actors';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeServer(answers: Record<string, unknown>) {
  const sent: string[] = [];
  const client = createApiClient({
    baseUrl: 'http://paybench.test/api',
    getAccessToken: () => 'some-token',
    fetch: async (request) => {
      const path = new URL(request.url).pathname.replace('/api', '');
      sent.push(`${path} auth=${request.headers.has('Authorization')}`);
      return json(200, answers[path]);
    },
  });
  return { client, sent };
}

/** A gate the test opens by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, wait: () => opened };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const run = <T>(logic: PromiseActorLogic<T>) => toPromise(createActor(logic).start());

const summary = { completedForms: 640, countries: 12, sectors: 9, latestYear: 2026 };
const config = { premiumEnabled: true, privacyThreshold: 5 };

describe('public data actors', () => {
  it('without a gate, each read asks at once, without a token', async () => {
    const { client, sent } = fakeServer({ '/public-summary': summary, '/app-config': config });
    const actors = publicDataActors({ client });
    await expect(run(actors.publicSummary)).resolves.toEqual(summary);
    expect(sent).toEqual(['/public-summary auth=false']);
  });

  it('the home figures are asked only once the gate opens (the web app: its first paint)', async () => {
    const { client, sent } = fakeServer({ '/public-summary': summary });
    const firstPaint = gate();
    const answer = run(publicDataActors({ client, notBefore: firstPaint.wait }).publicSummary);
    await flush();
    expect(sent).toEqual([]);
    firstPaint.open();
    await expect(answer).resolves.toEqual(summary);
    expect(sent).toEqual(['/public-summary auth=false']);
  });

  it('the app configuration is asked only once the gate opens', async () => {
    // A client of its own: the configuration is asked once per client and page load.
    const { client, sent } = fakeServer({ '/app-config': config });
    const firstPaint = gate();
    const answer = run(publicDataActors({ client, notBefore: firstPaint.wait }).appConfig);
    await flush();
    expect(sent).toEqual([]);
    firstPaint.open();
    await expect(answer).resolves.toMatchObject(config);
    expect(sent).toEqual(['/app-config auth=false']);
  });
});
