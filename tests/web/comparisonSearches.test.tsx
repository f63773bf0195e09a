// @vitest-environment happy-dom
// my-searches against the real search history actor with fake calls: entries with their filters in words,
// re-open links (free), paging, and deleting behind the confirm modal of type delete.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createActor, fromPromise } from 'xstate';
import { searchHistoryMachine, type HistoryEntry, type HistoryPage, type HistoryPageRequest } from '../../machines/searchHistory/searchHistoryMachine';
import { SearchHistoryList } from '../../src/web/features/my-account/MySearchesPage';
import { system } from '../../src/web/kernel/theme';
import { createI18n } from '../../src/web/kernel/i18nBundled';
import type { Language } from '../../src/domain/constants';

const entry = (n: number, kind: HistoryEntry['kind'] = 'comparison'): HistoryEntry => ({
  id: `entry${String(n).padStart(20, '0')}`,
  kind,
  filters: n === 1 ? { year: 2025, experienceBand: '10-15' } : {},
  years: kind === 'evolution' ? [2023, 2024] : null,
  creditsCharged: n === 1 ? 1 : 0,
  createdAt: '2025-05-01T10:00:00.000Z',
});

function start(pages: HistoryPage[]) {
  const calls = { loads: [] as HistoryPageRequest[], deletes: [] as string[] };
  const machine = searchHistoryMachine.provide({
    actors: {
      loadHistory: fromPromise<HistoryPage, HistoryPageRequest>(async ({ input }) => {
        calls.loads.push(input);
        return pages[Math.min(calls.loads.length - 1, pages.length - 1)];
      }),
      deleteEntry: fromPromise<true, { id: string }>(async ({ input }) => {
        calls.deletes.push(input.id);
        return true;
      }),
    },
  });
  const history = createActor(machine, { input: { limit: 2 } }).start();
  return { history, calls };
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function renderList(history: ReturnType<typeof start>['history'], language: Language = 'es') {
  render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={createI18n(language)}>
        <MemoryRouter>
          <SearchHistoryList history={history} language={language} definition={null} years={[2023, 2024, 2025]} />
        </MemoryRouter>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

afterEach(cleanup);
vi.setConfig({ testTimeout: 20_000 });

describe('my searches', () => {
  it('lists each search with its kind, its filters in words, what it cost and a free re-open link to its own page', async () => {
    const items = [entry(1), entry(2, 'evolution'), entry(3, 'individual'), entry(4, 'projection')];
    const { history } = start([{ items, page: 1, limit: 2, total: 5 }]);
    renderList(history, 'en');
    await flush();
    const entries = screen.getAllByTestId('search-entry');
    expect(entries).toHaveLength(4);
    expect(within(entries[0]).getByTestId('search-entry-filters').textContent).toBe('Year: 2025Experience: 10 to 15 years');
    expect(within(entries[0]).getByTestId('search-entry-credits').textContent).toBe('Cost 1 credit');
    expect(entries.map((e) => within(e).getByTestId('search-entry-reopen').getAttribute('href'))).toEqual([
      `/comparison/${entry(1).id}`,
      `/your-evolution?historyId=${entry(2).id}`,
      `/personalized-comparison?historyId=${entry(3).id}`,
      `/your-income-projection?historyId=${entry(4).id}`,
    ]);
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringContaining('Comparison'),
      expect.stringContaining('Evolution'),
      expect.stringContaining('Personalised comparison'),
      expect.stringContaining('Income projection'),
    ]);
    expect(screen.getByTestId('my-searches-total').textContent).toBe('5 saved searches');
    expect(screen.getByTestId('my-searches-pager-status').textContent).toBe('Page 1 of 3');
  });

  it('moves through pages', async () => {
    const { history, calls } = start([
      { items: [entry(1), entry(2)], page: 1, limit: 2, total: 3 },
      { items: [entry(3)], page: 2, limit: 2, total: 3 },
    ]);
    renderList(history);
    await flush();
    fireEvent.click(screen.getByTestId('my-searches-pager-next'));
    await flush();
    expect(calls.loads).toEqual([
      { page: 1, limit: 2 },
      { page: 2, limit: 2 },
    ]);
    expect(screen.getAllByTestId('search-entry')).toHaveLength(1);
    expect(screen.getByTestId('my-searches-pager-status').textContent).toBe('Página 2 de 2');
  });

  it('deletes only after the confirm modal of type delete is answered yes', async () => {
    const { history, calls } = start([
      { items: [entry(1), entry(2)], page: 1, limit: 2, total: 2 },
      { items: [entry(2)], page: 1, limit: 2, total: 1 },
    ]);
    renderList(history);
    await flush();
    fireEvent.click(within(screen.getAllByTestId('search-entry')[0]).getByTestId('search-entry-delete'));
    await flush();
    const modal = await screen.findByTestId('confirm-modal');
    expect(modal.dataset.kind).toBe('delete');
    expect(modal.textContent).toContain('¿Eliminar este elemento?');
    expect(within(modal).getByTestId('confirm-reject').textContent).toBe('Cancelar');
    fireEvent.click(within(modal).getByTestId('confirm-reject'));
    await flush();
    expect(calls.deletes).toEqual([]);

    fireEvent.click(within(screen.getAllByTestId('search-entry')[0]).getByTestId('search-entry-delete'));
    await flush();
    fireEvent.click(within(await screen.findByTestId('confirm-modal')).getByTestId('confirm-resolve'));
    await flush();
    expect(calls.deletes).toEqual([entry(1).id]);
    expect(screen.getAllByTestId('search-entry')).toHaveLength(1);
  });

  it('says so when there is nothing saved yet', async () => {
    const { history } = start([{ items: [], page: 1, limit: 2, total: 0 }]);
    renderList(history);
    await flush();
    expect(screen.getByTestId('my-searches-empty').textContent).toContain('Todavía no tiene búsquedas guardadas.');
  });
});
