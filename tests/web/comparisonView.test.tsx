import { infusionPercents } from '../../src/domain/peerDistribution';
// @vitest-environment happy-dom
// The comparison page's body against the real comparison actor with fake calls: the filter panel built
// from the questionnaire definition, the live count, the result (positions, figures, switch, CSV), why
// figures are withheld, and failures. Charts draw nothing here (happy-dom): Playwright asserts them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createActor, fromPromise } from 'xstate';
import {
  comparisonMachine,
  type ComparisonFailure,
  type ComparisonRequestInput,
  type ComparisonResult,
  type CountRequestInput,
  type CountResult,
  type StartingPoint,
} from '../../machines/comparison/comparisonMachine';
import { ComparisonScreen } from '../../src/web/features/comparison/ComparisonScreen';
import type { SearchCost } from '../../src/web/components/paidSearch/FilterPanel';
import type { Questionnaire } from '../../src/web/components/peerGroup/filterOptions';
import { filterChoices } from '../../src/web/components/peerGroup/filterOptions';
import { system } from '../../src/web/kernel/theme';
import { createI18n } from '../../src/web/kernel/i18nBundled';
import { QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM, type Language } from '../../src/domain/constants';
import type { Measures, Statistic } from '../../src/domain/peerDistribution';

const NBSP = '\u00a0';

// ApexCharts draws nothing in happy-dom (Playwright asserts the charts); loading it here only costs time.
vi.mock('../../src/web/components/paidSearch/DistributionChart', () => ({
  default: (props: { label: string; ownValue: number | null }) => <div data-testid="chart-stub" data-label={props.label} data-own={String(props.ownValue)} />,
}));
vi.setConfig({ testTimeout: 20_000 });

const definition: Questionnaire = {
  version: 'test',
  currency: 'EUR',
  steps: [
    {
      index: 0,
      key: 'questionnaire.steps.profile',
      questions: [
        {
          name: 'country',
          type: 'select',
          labelKey: 'questionnaire.questions.country.label',
          required: true,
          options: [
            { value: 'es', labelKey: 'questionnaire.options.country.es' },
            { value: 'pt', labelKey: 'questionnaire.options.country.pt' },
          ],
        },
        {
          name: 'city',
          type: 'select',
          labelKey: 'questionnaire.questions.city.label',
          required: true,
          dependsOn: 'country',
          optionsBy: {
            es: [{ value: 'madrid', labelKey: 'questionnaire.options.city.madrid' }],
            pt: [{ value: 'lisboa', labelKey: 'questionnaire.options.city.lisboa' }],
          },
        },
      ],
    },
    {
      index: 1,
      key: 'questionnaire.steps.company',
      questions: [
        {
          name: 'sector',
          type: 'select',
          labelKey: 'questionnaire.questions.sector.label',
          required: true,
          options: [
            { value: 'banking', labelKey: 'questionnaire.options.sector.banking' },
            { value: 'energy', labelKey: 'questionnaire.options.sector.energy' },
          ],
        },
      ],
    },
    { index: 2, key: 'questionnaire.steps.fixedSalary', questions: [] },
    { index: 3, key: 'questionnaire.steps.annualBonus', questions: [] },
    { index: 4, key: 'questionnaire.steps.deferred', questions: [] },
  ],
};

const stat = (p50: number, n = 120): Statistic => ({
  n,
  mean: p50 + 1_000,
  p10: p50 - 20_000,
  p25: p50 - 10_000,
  p50,
  p75: p50 + 15_000,
  p90: p50 + 30_000,
  medianCi: { low: p50 - 3_000, high: p50 + 3_000 },
});

const RELEASE = { id: 'rel00000000000000000000003', sequence: 3, cutAt: '2026-11-23T12:00:00.000Z' };

const OK: ComparisonResult = {
  status: 'ok',
  release: RELEASE,
  count: 1_234,
  countLabel: '1234',
  year: 2025,
  currency: 'EUR',
  filters: { year: 2025, sector: 'banking' },
  measures: {
    fixedSalary: stat(125_000),
    annualBonus: { ...stat(30_000, 8), p10: null, p90: null },
    deferredCompensation: stat(20_000),
    totalWithoutDeferral: stat(155_000),
    totalWithDeferral: stat(175_000),
  },
  position: {
    totalWithoutDeferral: { measure: 'totalWithoutDeferral', ownValue: 170_500, percentileRank: 72, diffFromMedianPercent: 10 },
    totalWithDeferral: { measure: 'totalWithDeferral', ownValue: 166_250, percentileRank: 38, diffFromMedianPercent: -5 },
    fixedSalary: { measure: 'fixedSalary', ownValue: 125_000, percentileRank: 50, diffFromMedianPercent: 0 },
    annualBonus: null,
    deferredCompensation: null,
  },
  historyId: 'hist0000000000000000000002',
  creditsLeft: 4,
};

interface Fakes {
  count: { resolve(value: CountResult): void; reject(error: unknown): void } | null;
  search: { resolve(value: ComparisonResult): void; reject(error: unknown): void } | null;
  counts: CountRequestInput[];
  searches: ComparisonRequestInput[];
}

function startActor(start: StartingPoint = { filters: {} }) {
  const fakes: Fakes = { count: null, search: null, counts: [], searches: [] };
  const machine = comparisonMachine.provide({
    actors: {
      loadStartingPoint: fromPromise<StartingPoint>(async () => start),
      countResults: fromPromise<CountResult, CountRequestInput>(({ input }) => {
        fakes.counts.push(input);
        return new Promise((resolve, reject) => (fakes.count = { resolve, reject }));
      }),
      runComparison: fromPromise<ComparisonResult, ComparisonRequestInput>(({ input }) => {
        fakes.searches.push(input);
        return new Promise((resolve, reject) => (fakes.search = { resolve, reject }));
      }),
    },
    delays: { countDebounce: 0 },
  });
  const actor = createActor(machine, { input: { searchKeyPrefix: 'test-key-0001' } }).start();
  return { actor, fakes };
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function renderScreen(actor: ReturnType<typeof startActor>['actor'], language: Language = 'es', cost: SearchCost = { kind: 'credits', credits: 5 }) {
  return render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={createI18n(language)}>
        <MemoryRouter>
          <ComparisonScreen
            actor={actor}
            title="Comparativa"
            intro="intro"
            definition={definition}
            years={[2023, 2024, 2025]}
            language={language}
            privacyThreshold={5}
            cost={cost}
          />
        </MemoryRouter>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

const select = (field: string) => screen.getByTestId<HTMLSelectElement>(`filter-${field}`);
const optionValues = (field: string) => Array.from(select(field).options).map((option) => option.value);

async function toResult(language: Language = 'es', result: ComparisonResult = OK, cost?: SearchCost) {
  const { actor, fakes } = startActor();
  renderScreen(actor, language, cost);
  await flush();
  await act(async () => fakes.count!.resolve({ count: 1_234, countLabel: '1234', enough: true }));
  await flush();
  fireEvent.click(screen.getByTestId('comparison-search'));
  await act(async () => fakes.search!.resolve(result));
  await flush();
  return { actor, fakes };
}

afterEach(cleanup);

describe('filter panel', () => {
  it('offers the questionnaire’s options, the experience bands and the survey years; cities follow the country', async () => {
    const { actor } = startActor();
    renderScreen(actor);
    await flush();
    expect(optionValues('sector')).toEqual(['', 'banking', 'energy']);
    expect(optionValues('experienceBand')).toEqual(['', '0-5', '5-10', '10-15', '15-20', '20-plus']);
    expect(optionValues('year')).toEqual(['', '2025', '2024', '2023']);
    expect(select('year').options[0].textContent).toBe('Último año con datos');
    expect(select('city').disabled).toBe(true);
    fireEvent.change(select('country'), { target: { value: 'pt' } });
    await flush();
    expect(select('city').disabled).toBe(false);
    expect(optionValues('city')).toEqual(['', 'lisboa']);
  });

  it('counts live after a change and sends only filters that are set', async () => {
    const { actor, fakes } = startActor();
    renderScreen(actor);
    await flush();
    expect(screen.getByTestId('comparison-count').textContent).toBe('Contando personas…');
    fireEvent.change(select('sector'), { target: { value: 'banking' } });
    await flush();
    expect(fakes.counts.at(-1)).toEqual({ filters: { sector: 'banking' } });
    await act(async () => fakes.count!.resolve({ count: 1_234, countLabel: '1234', enough: true }));
    expect(screen.getByTestId('comparison-count').textContent).toBe('Coinciden unas 1234 personas');
    expect(screen.getByTestId<HTMLButtonElement>('comparison-search').disabled).toBe(false);
    fireEvent.change(select('sector'), { target: { value: '' } });
    await flush();
    expect(fakes.counts.at(-1)).toEqual({ filters: {} });
  });

  it('under the threshold shows "<5", explains why and does not let the person search', async () => {
    const { actor, fakes } = startActor();
    renderScreen(actor);
    await flush();
    await act(async () => fakes.count!.resolve({ count: null, countLabel: '<5', enough: false }));
    expect(screen.getByTestId('comparison-count').textContent).toBe('Coinciden menos de 5 personas (<5)');
    expect(screen.getByTestId('comparison-count-too-small').textContent).toContain('al menos 5 personas');
    expect(screen.getByTestId<HTMLButtonElement>('comparison-search').disabled).toBe(true);
  });

  it('says what a search costs', async () => {
    const { actor } = startActor();
    renderScreen(actor, 'en', { kind: 'credits', credits: 1 });
    expect(screen.getByTestId('comparison-cost').textContent).toBe(
      'Each new search costs 1 credit. You have 1 credit left. Counting people and reopening saved searches is free.',
    );
  });
});

describe('result', () => {
  it('shows the person’s percentile and difference from the median, every figure with n and the median’s interval', async () => {
    await toResult();
    expect(screen.getByTestId('comparison-result').dataset.stale).toBe('false');
    expect(screen.getByTestId('comparison-result-count').textContent).toBe('unas 1234 personas');
    expect(screen.getByTestId('comparison-credits-left').textContent).toBe('Le quedan 4 créditos');
    const position = screen.getByTestId('comparison-position');
    expect(position.textContent).toBe(`Percentil ≈72 del grupo (según las cifras publicadas)Valor: 170.500${NBSP}€ · 10${NBSP}% por encima de la mediana`);
    expect(screen.getByTestId('figure-totalWithoutDeferral-median').textContent).toBe(`155.000${NBSP}€`);
    expect(screen.getByTestId('figure-totalWithoutDeferral-median-ci').textContent).toBe(`152.000${NBSP}€ – 158.000${NBSP}€`);
    expect(screen.getByTestId('figure-totalWithoutDeferral-n').textContent).toBe('120');
    // Under TAIL_PERCENTILE_MINIMUM people p10/p90 are withheld, and said so.
    expect(screen.getByTestId('figure-annualBonus-p10-p90').textContent).toBe(`Se muestran a partir de ${TAIL_PERCENTILE_MINIMUM} personas`);
    expect(screen.getByTestId('measure-totalWithoutDeferral')).toBeTruthy();
    expect(screen.queryByTestId('measure-deferredCompensation')).toBeNull();
    expect(screen.getByTestId('distribution-chart-totalWithoutDeferral')).toBeTruthy();
    expect(await within(screen.getByTestId('distribution-chart-totalWithoutDeferral')).findByTestId('chart-stub')).toMatchObject({
      dataset: { own: '170500' },
    });
    expect(screen.getByTestId('comparison-privacy-note').textContent).toContain('menos de 5 personas');
  });

  it('on the demo’s example data speaks of an example position, never of the visitor’s own', async () => {
    for (const language of ['es', 'en'] as const) {
      const i18n = createI18n(language);
      await toResult(language, { ...OK, position: null, creditsLeft: null, historyId: undefined }, { kind: 'demo' });
      const card = screen.getByTestId('comparison-position-card');
      expect(card.textContent).toContain(i18n.t('comparison.result.example_position'));
      expect(card.textContent).not.toContain(i18n.t('comparison.result.your_position'));
      expect(screen.getByTestId('comparison-no-position').textContent).toBe(i18n.t('comparison.result.example_no_position'));
      cleanup();
    }
    // A signed-in person's own comparison still says "your position".
    await toResult('es', { ...OK, position: null });
    expect(screen.getByTestId('comparison-position-card').textContent).toContain('Su posición');
  });

  it('the with/without deferred switch changes the measures and the headline', async () => {
    await toResult();
    const toggle = within(screen.getByTestId('comparison-deferred-switch')).getByRole('checkbox');
    fireEvent.click(toggle);
    await flush();
    expect(screen.getByTestId('measure-deferredCompensation')).toBeTruthy();
    expect(screen.getByTestId('comparison-position').dataset.percentile).toBe('38');
    expect(screen.getByTestId('comparison-position').textContent).toContain(`5${NBSP}% por debajo de la mediana`);
    expect(screen.getByTestId('comparison-position').textContent).toContain('por debajo de la mediana');
  });

  it('marks the result as stale when the filters change, and does not charge again until the person searches', async () => {
    const { fakes } = await toResult();
    fireEvent.change(select('sector'), { target: { value: 'energy' } });
    await flush();
    expect(screen.getByTestId('comparison-result').dataset.stale).toBe('true');
    expect(screen.getByTestId('comparison-result-stale')).toBeTruthy();
    expect(fakes.searches).toHaveLength(1);
  });

  it('downloads the result as CSV in the reader’s language', async () => {
    let saved: Blob | null = null;
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:test';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await toResult('en');
    fireEvent.click(screen.getByTestId('comparison-csv'));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const text = await saved!.text();
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    // The survey year has its row; the year filter does not repeat it.
    expect(lines.slice(0, 3)).toEqual(['Survey year,2025', 'Currency,EUR', 'People,1234']);
    expect(lines.filter((line) => line.endsWith(',2025'))).toHaveLength(1);
    expect(lines).toContain('Total pay without deferral,120,156000,135000,145000,155000,170000,185000,152000,158000,170500,72,10');
    vi.unstubAllGlobals();
  });

  it('in English keeps euro amounts in euros (never a dollar sign) and says they are not converted', async () => {
    await toResult('en');
    expect(screen.getByTestId('figure-fixedSalary-median').textContent).toBe('€125,000');
    expect(screen.getByTestId('comparison-currency-note').textContent).toBe('Amounts in Euro (EUR), the currency of the data; they are not converted.');
    expect(screen.getByTestId('comparison-result').textContent).not.toContain('$');
  });
});

describe('releases, perturbation and small groups', () => {
  // A group of 5–(QUARTILE_MINIMUM − 1): its size and mean only.
  const meanOnly = (mean: number): Statistic => ({ n: 10, mean, p10: null, p25: null, p50: null, p75: null, p90: null, medianCi: null });
  // A group of QUARTILE_MINIMUM–(TAIL_PERCENTILE_MINIMUM − 1): the box, no whiskers, no median interval.
  const noTails = (p50: number): Statistic => ({ ...stat(p50, 15), p10: null, p90: null, medianCi: null });
  const allMeasures = (make: (value: number) => Statistic): Measures => ({
    fixedSalary: make(125_000),
    annualBonus: make(30_000),
    deferredCompensation: make(20_000),
    totalWithoutDeferral: make(155_000),
    totalWithDeferral: make(175_000),
  });
  const noPositions = { totalWithoutDeferral: null, totalWithDeferral: null, fixedSalary: null, annualBonus: null, deferredCompensation: null };

  it('says which release the figures come from and when it was cut, in the reader’s language', async () => {
    await toResult('es');
    expect(screen.getByTestId('comparison-release').textContent).toBe('Cifras de la publicación n.º 3, cerrada el 23 de noviembre de 2026');
    cleanup();
    await toResult('en');
    expect(screen.getByTestId('comparison-release').textContent).toBe('Figures of release 3, cut on November 23, 2026');
    expect(screen.getByTestId('comparison-result-count').textContent).toBe('≈ 1,234 people');
    expect(screen.getByTestId('comparison-release-note').textContent).toContain('An answer completed or changed after a release counts from the next one.');
  });

  it('states how far each person’s secret factor moves their amounts, the count perturbation, and that the same people get the same figures', async () => {
    await toResult('en', { ...OK, count: 35, countLabel: '35' });
    const note = screen.getByTestId('comparison-noise-note');
    const factor = infusionPercents();
    expect(note.textContent).toBe(
      `To protect the people behind them, the figures are computed from amounts distorted on purpose: each of a person's amounts is multiplied by a secret factor of their own, which typically moves it ${factor.typical}% away from the truth, up or down (for one person in ten, more than ${factor.wide}%), and in a group the factors of different people largely cancel out. The number of people moves by up to 2 before it is rounded to a multiple of 5, and amounts are rounded to the nearest hundred. The same people with the same answers always get the same figures.`,
    );
    cleanup();
    await toResult('es', { ...OK, count: 1_235, countLabel: '1235' });
    expect(screen.getByTestId('comparison-noise-note').textContent).toContain(
      `un factor secreto propio, que típicamente lo aleja un ${factor.typical}${NBSP}% de la realidad, hacia arriba o hacia abajo (a una de cada diez personas, más de un ${factor.wide}${NBSP}%)`,
    );
    expect(screen.getByTestId('comparison-privacy-note').textContent).toBe(
      `Ninguna cifra procede de menos de 5 personas; la mediana y los cuartiles necesitan ${QUARTILE_MINIMUM}, y P10, P90 y el intervalo de la mediana, ${TAIL_PERCENTILE_MINIMUM}. Nunca mostramos mínimos ni máximos.`,
    );
  });

  it('a group too small for quartiles shows its size and mean with why, no chart and no broken rows', async () => {
    await toResult('es', { ...OK, count: 10, countLabel: '10', measures: allMeasures(meanOnly), position: noPositions });
    expect(screen.getByTestId('comparison-mean-only').textContent).toContain(`Este grupo tiene menos de ${QUARTILE_MINIMUM} personas`);
    const card = screen.getByTestId('measure-totalWithoutDeferral');
    expect(card.dataset.detail).toBe('mean');
    expect(screen.queryByTestId('distribution-chart-totalWithoutDeferral')).toBeNull();
    expect(screen.getByTestId('measure-mean-only-totalWithoutDeferral').textContent).toBe(
      `La distribución se muestra a partir de ${QUARTILE_MINIMUM} personas; de momento, la media.`,
    );
    expect(screen.getByTestId('figure-totalWithoutDeferral-mean').textContent).toBe(`155.000${NBSP}€`);
    expect(screen.getByTestId('figure-totalWithoutDeferral-n').textContent).toBe('10');
    expect(screen.queryByTestId('figure-totalWithoutDeferral-median')).toBeNull();
    expect(screen.queryByTestId('figure-totalWithoutDeferral-p10-p90')).toBeNull();
    expect(within(card).queryByText('—')).toBeNull();
    // The person has a form (positions came, all withheld): their position waits for a larger group.
    expect(screen.getByTestId('comparison-position-withheld').textContent).toBe(
      `Su posición se muestra a partir de ${QUARTILE_MINIMUM} personas en el grupo: se calcula con la mediana y los cuartiles publicados.`,
    );
    expect(screen.queryByTestId('comparison-no-position')).toBeNull();
  });

  it('a group too small for p10/p90 shows the box without whiskers and says from how many people they come', async () => {
    await toResult('en', { ...OK, count: 15, countLabel: '15', measures: allMeasures(noTails) });
    expect(screen.getByTestId('measure-totalWithoutDeferral').dataset.detail).toBe('quartiles');
    expect(screen.getByTestId('distribution-chart-totalWithoutDeferral')).toBeTruthy();
    expect(screen.queryByTestId('comparison-mean-only')).toBeNull();
    expect(screen.getByTestId('figure-totalWithoutDeferral-p10-p90').textContent).toBe(`Shown from ${TAIL_PERCENTILE_MINIMUM} people`);
    expect(screen.getByTestId('figure-totalWithoutDeferral-median-ci').textContent).toBe(`Shown from ${TAIL_PERCENTILE_MINIMUM} people`);
    expect(screen.getByTestId('figure-totalWithoutDeferral-p25-p75').textContent).toBe('€145,000 – €170,000');
    // The legend names only what is drawn: the box, the own value; no P10–P90 band, no interval.
    const chart = screen.getByTestId('distribution-chart-totalWithoutDeferral');
    expect(within(chart).queryByText('P10–P90')).toBeNull();
    expect(within(chart).getByText('P25–P75 and median')).toBeTruthy();
  });

  it('tells the person their latest answers count from the next release when their form changed after the cut', async () => {
    const changedAfter = { surveyYear: 2025, completed: true, updatedAt: '2026-11-23T12:00:01.000Z' };
    await toResult('es', { ...OK, ownForm: changedAfter });
    expect(screen.getByTestId('comparison-next-release').textContent).toBe(
      'Sus últimas respuestas aún no están en estas cifras: cuentan a partir de la próxima publicación.',
    );
    cleanup();
    // Saved before the cut, of another year, or not completed: nothing to say.
    for (const ownForm of [
      { ...changedAfter, updatedAt: '2026-11-23T11:59:59.000Z' },
      { ...changedAfter, surveyYear: 2024 },
      { ...changedAfter, completed: false },
      null,
    ]) {
      await toResult('es', { ...OK, ownForm });
      expect(screen.queryByTestId('comparison-next-release')).toBeNull();
      cleanup();
    }
  });
});

describe('withheld and failures', () => {
  it('explains the privacy threshold when the group is too small, and that nothing was charged', async () => {
    await toResult('es', {
      ...OK,
      status: 'not-enough-data',
      reasonCode: 'NOT_ENOUGH_DATA',
      count: null,
      countLabel: '<5',
      measures: null,
      position: null,
      creditsLeft: null,
    });
    const withheld = screen.getByTestId('comparison-withheld');
    expect(withheld.dataset.status).toBe('not-enough-data');
    expect(screen.getByTestId('comparison-threshold-explained').textContent).toBe(
      `Para proteger la privacidad no mostramos ninguna cifra de un grupo de menos de 5 personas (la mediana y los cuartiles necesitan ${QUARTILE_MINIMUM}; P10 y P90, ${TAIL_PERCENTILE_MINIMUM}). Tamaño del grupo: <5. Quite algún filtro para ampliarlo.`,
    );
    expect(withheld.textContent).toContain('No se ha descontado ningún crédito.');
    expect(screen.queryByTestId('comparison-result')).toBeNull();
  });

  it('names the filter when a search is refused for a differencing risk', async () => {
    await toResult('en', {
      ...OK,
      status: 'refused',
      reasonCode: 'DIFFERENCING_RISK',
      reasonFilter: 'sector',
      measures: null,
      position: null,
      creditsLeft: null,
    });
    expect(screen.getByTestId('comparison-withheld-reason').textContent).toBe(
      'This combination of filters would let the figures of a small group be worked out by subtracting two searches.',
    );
    expect(screen.getByTestId('comparison-withheld-filter').textContent).toBe('Change or remove the “Sector” filter.');
  });

  it('a failed search can be retried with the same filters', async () => {
    const { actor, fakes } = startActor({ filters: { sector: 'banking' } });
    renderScreen(actor);
    await flush();
    await act(async () => fakes.count!.resolve({ count: 50, countLabel: '50', enough: true }));
    fireEvent.click(screen.getByTestId('comparison-search'));
    const failure: ComparisonFailure = { ok: false, status: 500, value: null, reason: 'http', body: null, errorCode: null, request: null };
    await act(async () => fakes.search!.reject(failure));
    await flush();
    expect(screen.getByTestId('comparison-failure').dataset.during).toBe('search');
    fireEvent.click(screen.getByTestId('comparison-retry'));
    await flush();
    expect(fakes.searches).toHaveLength(2);
    expect(fakes.searches[1]).toEqual(fakes.searches[0]);
  });

  it('a member without a completed form is invited to fill the questionnaire', async () => {
    const { actor, fakes } = startActor();
    renderScreen(actor);
    await flush();
    await act(async () => fakes.count!.reject({ ok: false, status: 403, value: null, reason: 'http', body: null, errorCode: 'FORM_REQUIRED', request: null }));
    await flush();
    const invitation = screen.getByTestId('comparison-form-required');
    expect(within(invitation).getByRole('link').getAttribute('href')).toBe('/steps');
  });
});

describe('filterChoices', () => {
  let choices: ReturnType<typeof filterChoices>;
  beforeEach(() => {
    choices = filterChoices(null, {}, [2024, 2025]);
  });
  it('without a definition offers only what does not come from it', () => {
    expect(choices.sector).toEqual([]);
    expect(choices.year.map((c) => c.value)).toEqual(['2025', '2024']);
    expect(choices.experienceBand).toHaveLength(5);
  });
});
