// /my-account/my-searches (admin-or-corporate): the saved searches, newest first and paged; each can be
// re-opened for free where it was made (a comparison at comparison/{id}, a personalised comparison, an evolution
// or an income projection on its page with ?historyId=…) or deleted after the confirm modal of type delete.
import { useEffect, useState } from 'react';
import { Badge, Box, Button, Container, HStack, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { searchHistoryMachine, type HistoryEntry } from '../../../../machines/searchHistory/searchHistoryMachine';
import { searchHistoryActors } from '../../../../machines/searchHistory/actors';
import { searchHistoryListView, searchHistoryView } from '../../../../machines/searchHistory/viewModel';
import type { ListEvent } from '../../../../machines/list/listMachine';
import { sameView } from '../../../../machines/comparison/viewModel';
import type { Language } from '../../../domain/constants';
import { formatCount } from '../../../domain/language';
import { useAppConfig } from '../../kernel/appConfig';
import { useLanguage, useNotifyFailure, useShowMessage } from '../../kernel/session';
import { surveyYears, TOAST_DEFAULT_MS } from '../../../domain/constants';
import { FilterSummary } from '../../components/peerGroup/FilterSummary';
import { useQuestionnaireDefinition } from '../../components/peerGroup/useQuestionnaireDefinition';
import type { Questionnaire } from '../../components/peerGroup/filterOptions';
import { ConfirmModal } from '../../components/ConfirmModal';
import { formatDateTime } from '../../../domain/accountFormat';
import { inspect } from '../../kernel/inspector';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { ListTable, listTexts } from '../../components/ListTable';
import { PageHeading } from '../../components/PageIntro';

export type SearchHistoryActorRef = ActorRefFrom<typeof searchHistoryMachine>;

interface EntryProps {
  entry: HistoryEntry;
  language: Language;
  definition: Questionnaire | null;
  years: readonly number[];
  busy: boolean;
  onDelete: () => void;
}

/** Where a saved search re-opens (free): its own page, told the entry's id. */
export function reopenPath(entry: Pick<HistoryEntry, 'id' | 'kind'>): string {
  const saved = `?historyId=${encodeURIComponent(entry.id)}`;
  switch (entry.kind) {
    case 'comparison':
      return `/comparison/${entry.id}`;
    case 'individual':
      return `/personalized-comparison${saved}`;
    case 'evolution':
      return `/your-evolution${saved}`;
    case 'projection':
      return `/your-income-projection${saved}`;
  }
}

export function SearchEntry({ entry, language, definition, years, busy, onDelete }: EntryProps) {
  const { t } = useTranslation();
  const isComparison = entry.kind === 'comparison';
  return (
    <Box as="li" borderWidth="1px" rounded="lg" p="4" bg="bg" listStyleType="none" data-testid="search-entry" data-id={entry.id} data-kind={entry.kind}>
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2">
            <Badge colorPalette={isComparison ? 'brand' : 'purple'}>{t(`my_searches.kind.${entry.kind}`)}</Badge>
            <Text fontSize="sm" color="fg.muted">
              {formatDateTime(entry.createdAt, language)}
            </Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted" data-testid="search-entry-credits">
            {t('my_searches.charged', { count: entry.creditsCharged, formatted: formatCount(entry.creditsCharged, language) })}
          </Text>
        </HStack>
        <FilterSummary filters={entry.filters} definition={definition} years={years} testId="search-entry-filters" />
        {entry.years && entry.years.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('my_searches.years', { years: entry.years.join(', ') })}
          </Text>
        )}
        <HStack gap="2" wrap="wrap">
          <Button asChild size="sm" colorPalette="brand">
            <RouterLink to={reopenPath(entry)} state={isComparison ? { entry } : undefined} data-testid="search-entry-reopen">
              {t('my_searches.reopen')}
            </RouterLink>
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" disabled={busy} onClick={onDelete} data-testid="search-entry-delete">
            {t('my_searches.delete')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

export interface SearchHistoryListProps {
  history: SearchHistoryActorRef;
  language: Language;
  definition: Questionnaire | null;
  years: readonly number[];
}

/** The list and its dialog, for a given history actor (the page provides the real one, tests a fake). */
export function SearchHistoryList({ history, language, definition, years }: SearchHistoryListProps) {
  const { t } = useTranslation();
  const view = useSelector(history, searchHistoryView, sameView);
  const confirm = useSelector(history, (s) => s.children.confirm);

  // The list component speaks the list machine's events; the history machine has its own names for them.
  const send = (event: ListEvent) => {
    if (event.type === 'list.retry') history.send({ type: 'searchHistory.retry' });
    if (event.type === 'list.goToPage') history.send({ type: 'searchHistory.goToPage', page: event.page });
  };

  return (
    <>
      <ListTable
        view={searchHistoryListView(view)}
        send={send}
        testId="my-searches"
        texts={listTexts(t, 'my_searches')}
        loadingElement={<LoadingSpinner skeleton="table" />}
        emptyAction={
          <Button asChild colorPalette="brand">
            <RouterLink to="/comparison">{t('dashboard.start.button')}</RouterLink>
          </Button>
        }
        total={t('my_searches.total', { count: view.total, formatted: formatCount(view.total, language) })}
        columns={[]}
        rowKey={(entry) => entry.id}
        body={(entries) => (
          <Stack as="ul" gap="3" m="0" p="0" data-testid="my-searches-list" aria-busy={view.busy}>
            {entries.map((entry) => (
              <SearchEntry
                key={entry.id}
                entry={entry}
                language={language}
                definition={definition}
                years={years}
                busy={view.busy}
                onDelete={() => history.send({ type: 'searchHistory.askDelete', id: entry.id })}
              />
            ))}
          </Stack>
        )}
      />
      {confirm && <ConfirmModal actor={confirm} busy={view.deleting} onAnswer={(confirmed) => history.send({ type: 'searchHistory.answer', confirmed })} />}
    </>
  );
}
export default function MySearchesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const definition = useQuestionnaireDefinition();
  const years = useAppConfig()?.surveyYears ?? surveyYears();
  const notifyFailure = useNotifyFailure();
  const showMessage = useShowMessage();
  const [machine] = useState(() => searchHistoryMachine.provide({ actors: searchHistoryActors() }));
  const history = useActorRef(machine, { input: {}, inspect });

  useEffect(() => {
    const subscriptions = [
      history.on('searchHistory.failed', (event) => notifyFailure(event.failure)),
      history.on('searchHistory.deleted', () =>
        showMessage({ kind: 'toast', status: 'success', durationMs: TOAST_DEFAULT_MS, textKey: 'my_searches.deleted' }),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [history, notifyFailure, showMessage]);

  return (
    <Container maxW="4xl" py={{ base: 6, md: 10 }} data-testid="my-searches-page">
      <Stack gap="6">
        <PageHeading title={t('sections.my_searches')} intro={t('my_searches.intro')} />
        <SearchHistoryList history={history} language={language} definition={definition} years={years} />
      </Stack>
    </Container>
  );
}
