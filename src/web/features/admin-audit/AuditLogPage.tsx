// /admin/audit: the audit log of admin changes (GET /api/admin/audit-log), newest first, in pages, narrowed by
// filters the admin types and applies (machines/auditLog). Each row: when, who, what, on what, before → after.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Code, Field, Heading, HStack, Input, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { AUDIT_PAGE_LIMIT, provideAuditLog, type AuditEntry } from '../../../../machines/auditLog/actors';
import type { AuditFilters } from '../../../../machines/auditLog/auditLogMachine';
import { auditLogView } from '../../../../machines/auditLog/viewModel';
import { useLanguage, useNotifyFailure } from '../../app/session';
import { inspect } from '../../app/inspector';
import { formatDateTime } from '../my-account/accountFormat';
import { Pager } from '../my-account/Pager';
import { ScrollRegion } from '../../components/ScrollRegion';

const FILTERS: Array<keyof AuditFilters> = ['action', 'actor', 'targetType', 'targetId'];

/** A changed value as short text (JSON, cut at 300 characters; the full value is in the title). */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

export default function AuditLogPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => provideAuditLog());
  const log = useActorRef(machine, { input: { limit: AUDIT_PAGE_LIMIT }, inspect });
  const view = useSelector(log, (snapshot) => auditLogView<AuditEntry>(snapshot));
  useEffect(() => {
    const subscription = log.on('audit.failed', ({ failure }) => notifyFailure(failure));
    return () => subscription.unsubscribe();
  }, [log, notifyFailure]);

  let body;
  if (view.status === 'loading') body = <Skeleton height="40" rounded="md" data-testid="audit-loading" />;
  else if (view.status === 'failed') {
    body = (
      <Alert.Root status="error" alignItems="center" data-testid="audit-error">
        <Alert.Indicator />
        <Alert.Title flex="1">{t('admin_audit.unavailable')}</Alert.Title>
        <Button size="sm" variant="outline" onClick={() => log.send({ type: 'audit.retry' })} data-testid="audit-retry">
          {t('admin_audit.retry')}
        </Button>
      </Alert.Root>
    );
  } else if (view.status === 'empty') {
    body = <Text color="fg.muted" data-testid="audit-empty">{t(view.filtered ? 'admin_audit.no_match' : 'admin_audit.empty')}</Text>;
  } else {
    body = (
      <Stack gap="3" aria-busy={view.loading}>
        <Text fontSize="sm" color="fg.muted" data-testid="audit-total">
          {t('admin_audit.total', { count: view.total })}
        </Text>
        <ScrollRegion label={t('sections.admin_audit')} borderWidth="1px" rounded="md">
          <Table.Root size="sm" striped data-testid="audit-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('admin_audit.columns.when')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin_audit.columns.who')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin_audit.columns.action')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin_audit.columns.target')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin_audit.columns.change')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {view.items.map((entry) => (
                <Table.Row key={entry.id} data-testid="audit-row" data-action={entry.action}>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(entry.createdAt, language)}</Table.Cell>
                  <Table.Cell>{entry.actorEmail ?? t('admin_audit.system')}</Table.Cell>
                  <Table.Cell>
                    <Text>{t(`admin_audit.actions.${entry.action.replace(/\./g, '_')}`, { defaultValue: entry.action })}</Text>
                    <Code fontSize="xs">{entry.action}</Code>
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{t(`admin_audit.targets.${entry.targetType}`, { defaultValue: entry.targetType })}</Text>
                    {entry.targetId && <Code fontSize="xs">{entry.targetId}</Code>}
                  </Table.Cell>
                  <Table.Cell maxW="md">
                    <Stack gap="1" fontSize="xs" fontFamily="mono" wordBreak="break-word">
                      <Text title={JSON.stringify(entry.before)} data-testid="audit-before">
                        {valueText(entry.before)}
                      </Text>
                      <Text aria-hidden>↓</Text>
                      <Text title={JSON.stringify(entry.after)} data-testid="audit-after">
                        {valueText(entry.after)}
                      </Text>
                    </Stack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
        <Pager
          page={view.page}
          pages={view.pages}
          canGoBack={view.canGoBack}
          canGoForward={view.canGoForward}
          onPage={(page) => log.send({ type: 'audit.goToPage', page })}
          testId="audit-pager"
        />
      </Stack>
    );
  }

  return (
    <Stack gap="5" maxW="6xl" mx="auto" py="6">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t('admin_audit.title')}
        </Heading>
        <Text color="fg.muted">{t('admin_audit.intro')}</Text>
      </Stack>
      <Box
        as="form"
        role="search"
        aria-label={t('admin_audit.filters_label')}
        onSubmit={(event) => {
          event.preventDefault();
          log.send({ type: 'audit.apply' });
        }}
      >
        <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
          {FILTERS.map((field) => (
            <Field.Root key={field}>
              <Field.Label>{t(`admin_audit.filters.${field}`)}</Field.Label>
              <Input
                value={view.draft[field]}
                placeholder={t(`admin_audit.filters.${field}_placeholder`)}
                onChange={(event) => log.send({ type: 'audit.edit', field, value: event.target.value })}
                data-testid={`audit-filter-${field}`}
              />
            </Field.Root>
          ))}
        </SimpleGrid>
        <HStack mt="3" gap="3">
          <Button type="submit" disabled={!view.canApply} data-testid="audit-apply">
            {t('admin_audit.apply')}
          </Button>
          <Button type="button" variant="outline" disabled={!view.filtered && !view.canApply} onClick={() => log.send({ type: 'audit.clear' })} data-testid="audit-clear">
            {t('admin_audit.clear')}
          </Button>
        </HStack>
      </Box>
      {body}
    </Stack>
  );
}
