// The subscribers list of /admin/newsletters (machines/newsletterAdmin/subscribersMachine): filters, pages, and
// the CSV export of everything the filters match.
import { Alert, Badge, Box, Button, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { SubscriberFilter, SubscribersMachine } from '../../../../machines/newsletterAdmin/subscribersMachine';
import { subscribersView } from '../../../../machines/newsletterAdmin/viewModel';
import { ScrollRegion } from '../../components/ScrollRegion';

const OPTIONS: Record<Exclude<SubscriberFilter, 'query'>, string[]> = {
  status: ['pending', 'confirmed', 'unsubscribed'],
  kind: ['standartUser', 'professionalUser'],
  language: ['es', 'en'],
};

export function SubscribersPanel({ actor }: { actor: ActorRefFrom<SubscribersMachine> }) {
  const { t, i18n } = useTranslation();
  const view = useSelector(actor, subscribersView);
  const date = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : '—');
  const select = (filter: Exclude<SubscriberFilter, 'query'>) => (
    <NativeSelect.Root size="sm" maxW="48">
      <NativeSelect.Field
        aria-label={t(`admin_newsletters.filters.${filter}`)}
        value={view.filters[filter] ?? ''}
        onChange={(event) => actor.send({ type: 'subscribers.filter', filter, value: event.target.value || null })}
        data-testid={`subscribers-filter-${filter}`}
      >
        <option value="">{t(`admin_newsletters.filters.all_${filter}`)}</option>
        {OPTIONS[filter].map((option) => (
          <option key={option} value={option}>
            {t(`admin_newsletters.values.${option}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );

  return (
    <Stack gap="4" data-testid="subscribers-panel" data-status={view.status}>
      <HStack gap="3" wrap="wrap">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const value = new FormData(event.currentTarget).get('query');
            actor.send({ type: 'subscribers.filter', filter: 'query', value: typeof value === 'string' ? value : '' });
          }}
        >
          <HStack gap="2">
            <Input size="sm" name="query" defaultValue={view.filters.query} placeholder={t('admin_newsletters.filters.query')} aria-label={t('admin_newsletters.filters.query')} data-testid="subscribers-query" />
            <Button size="sm" type="submit" variant="outline">
              {t('admin_newsletters.filters.search')}
            </Button>
          </HStack>
        </form>
        {select('status')}
        {select('kind')}
        {select('language')}
        <Button size="sm" onClick={() => actor.send({ type: 'subscribers.export' })} loading={view.exporting} disabled={view.status !== 'ready'} data-testid="subscribers-export">
          {t('admin_newsletters.export')}
        </Button>
      </HStack>
      {view.exportFailed && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{t('admin_newsletters.export_failed')}</Alert.Description>
        </Alert.Root>
      )}
      {view.status === 'failed' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description flex="1">{t('admin_newsletters.load_failed')}</Alert.Description>
          <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'subscribers.retry' })}>
            {t('admin_newsletters.retry')}
          </Button>
        </Alert.Root>
      )}
      {view.status === 'empty' && <Text color="fg.muted">{t('admin_newsletters.empty')}</Text>}
      {view.status === 'loading' && <Text color="fg.muted">{t('admin_newsletters.loading')}</Text>}
      {view.items.length > 0 && view.status !== 'empty' && (
        <ScrollRegion label={t('sections.admin_newsletters')} opacity={view.busy ? 0.6 : 1} aria-busy={view.busy}>
          <Table.Root size="sm" data-testid="subscribers-table">
            <Table.Header>
              <Table.Row>
                {['email', 'kind', 'name', 'language', 'status', 'source', 'created', 'confirmed'].map((column) => (
                  <Table.ColumnHeader key={column}>{t(`admin_newsletters.columns.${column}`)}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {view.items.map((item) => (
                <Table.Row key={item.id} data-testid="subscriber-row">
                  <Table.Cell>{item.email}</Table.Cell>
                  <Table.Cell>{t(`admin_newsletters.values.${item.kind}`)}</Table.Cell>
                  <Table.Cell>{[item.name, item.company, item.position].filter(Boolean).join(' · ') || '—'}</Table.Cell>
                  <Table.Cell>{item.language}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={item.status === 'confirmed' ? 'green' : item.status === 'pending' ? 'yellow' : 'gray'}>{t(`admin_newsletters.values.${item.status ?? 'pending'}`)}</Badge>
                  </Table.Cell>
                  <Table.Cell>{item.source ? t(`admin_newsletters.sources.${item.source}`) : '—'}</Table.Cell>
                  <Table.Cell>{date(item.createdAt)}</Table.Cell>
                  <Table.Cell>{date(item.confirmedAt)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
      )}
      {view.status !== 'failed' && view.total > 0 && (
        <HStack justify="space-between">
          <Text fontSize="sm" color="fg.muted">
            {t('admin_newsletters.page', { page: view.page, pages: view.pages, total: view.total, count: view.total })}
          </Text>
          <HStack>
            <Button size="sm" variant="outline" disabled={view.page <= 1 || view.busy} onClick={() => actor.send({ type: 'subscribers.goToPage', page: view.page - 1 })}>
              {t('admin_newsletters.previous')}
            </Button>
            <Button size="sm" variant="outline" disabled={view.page >= view.pages || view.busy} onClick={() => actor.send({ type: 'subscribers.goToPage', page: view.page + 1 })}>
              {t('admin_newsletters.next')}
            </Button>
          </HStack>
        </HStack>
      )}
    </Stack>
  );
}
