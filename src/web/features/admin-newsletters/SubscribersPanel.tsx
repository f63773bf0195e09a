// The subscribers list of /admin/newsletters (machines/list with the subscribers' actors): filters, pages, and the
// CSV export of everything the filters match.
import { Alert, Badge, Button, HStack, Input } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { ListMachine } from '../../../../machines/list/listMachine';
import { listView, sameListView } from '../../../../machines/list/viewModel';
import { SUBSCRIBER_FILTER_OPTIONS, type Newsletter } from '../../../../machines/newsletterAdmin/actors';
import { ListTable, listTexts } from '../../components/ListTable';
import { OptionSelect, optionsOf } from '../../components/OptionSelect';

type SelectFilter = keyof typeof SUBSCRIBER_FILTER_OPTIONS;

export function SubscribersPanel({ actor }: { actor: ActorRefFrom<ListMachine> }) {
  const { t, i18n } = useTranslation();
  const view = useSelector(actor, (snapshot) => listView<Newsletter>(snapshot), sameListView);
  const send = actor.send;
  const date = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : '—');
  const select = (name: SelectFilter) => (
    <OptionSelect
      root={{ size: 'sm', maxW: '48' }}
      aria-label={t(`admin_newsletters.filters.${name}`)}
      value={view.filters[name] ?? ''}
      onChange={(event) => send({ type: 'list.filter', name, value: event.target.value })}
      data-testid={`subscribers-filter-${name}`}
      options={[
        { value: '', label: t(`admin_newsletters.filters.all_${name}`) },
        ...optionsOf(SUBSCRIBER_FILTER_OPTIONS[name], (option) => t(`admin_newsletters.values.${option}`)),
      ]}
    />
  );

  const filters = (
    <>
      <HStack gap="3" wrap="wrap">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'list.apply' });
          }}
        >
          <HStack gap="2">
            <Input
              size="sm"
              name="query"
              value={view.draft.query ?? ''}
              onChange={(event) => send({ type: 'list.edit', name: 'query', value: event.currentTarget.value })}
              placeholder={t('admin_newsletters.filters.query')}
              aria-label={t('admin_newsletters.filters.query')}
              data-testid="subscribers-query"
            />
            <Button size="sm" type="submit" variant="outline">
              {t('admin_newsletters.filters.search')}
            </Button>
          </HStack>
        </form>
        {select('status')}
        {select('kind')}
        {select('language')}
        <Button
          size="sm"
          onClick={() => send({ type: 'list.export' })}
          loading={view.exporting}
          disabled={view.status !== 'ready' || view.loading}
          data-testid="subscribers-export"
        >
          {t('admin_newsletters.export')}
        </Button>
      </HStack>
      {view.exportFailed && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{t('admin_newsletters.export_failed')}</Alert.Description>
        </Alert.Root>
      )}
    </>
  );

  return (
    <ListTable
      view={view}
      send={send}
      testId="subscribers"
      texts={listTexts(t, 'admin_newsletters')}
      filters={filters}
      total={t('admin_newsletters.total', { count: view.total })}
      regionProps={{ opacity: view.loading ? 0.6 : 1 }}
      rowKey={(item) => item.id}
      rowProps={() => ({ 'data-testid': 'subscriber-row' })}
      columns={[
        { key: 'email', header: t('admin_newsletters.columns.email'), cell: (item) => item.email },
        { key: 'kind', header: t('admin_newsletters.columns.kind'), cell: (item) => t(`admin_newsletters.values.${item.kind}`) },
        {
          key: 'name',
          header: t('admin_newsletters.columns.name'),
          cell: (item) => [item.name, item.company, item.position].filter(Boolean).join(' · ') || '—',
        },
        { key: 'language', header: t('admin_newsletters.columns.language'), cell: (item) => item.language },
        {
          key: 'status',
          header: t('admin_newsletters.columns.status'),
          cell: (item) => (
            <Badge colorPalette={item.status === 'confirmed' ? 'green' : item.status === 'pending' ? 'yellow' : 'gray'}>
              {t(`admin_newsletters.values.${item.status ?? 'pending'}`)}
            </Badge>
          ),
        },
        { key: 'source', header: t('admin_newsletters.columns.source'), cell: (item) => (item.source ? t(`admin_newsletters.sources.${item.source}`) : '—') },
        { key: 'created', header: t('admin_newsletters.columns.created'), cell: (item) => date(item.createdAt) },
        { key: 'confirmed', header: t('admin_newsletters.columns.confirmed'), cell: (item) => date(item.confirmedAt) },
      ]}
    />
  );
}
