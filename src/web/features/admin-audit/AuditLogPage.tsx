// /admin/audit: the audit log of admin changes (GET /api/admin/audit-log), newest first, in pages, narrowed by
// filters the admin types and applies (machines/list with the audit log's actor). Each row: when, who, what, on
// what (by their translated names: src/domain/auditActions.ts), before → after.
import { Button, Code, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AUDIT_FILTERS, AUDIT_PAGE_LIMIT, provideAuditLog, type AuditEntry } from '../../../../machines/auditLog/actors';
import { useLanguage } from '../../kernel/session';
import { formatDateTime } from '../../../domain/accountFormat';
import { ListFilterForm, ListTable, listTexts, ListTextFilter } from '../../components/ListTable';
import { useList } from '../../components/useList';
import { PageHeading } from '../../components/PageIntro';
import { auditActionKey, auditTargetKey } from '../../../domain/auditActions';

/** A changed value as short text (JSON, cut at 300 characters; the full value is in the title). */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

export default function AuditLogPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { view, send } = useList<AuditEntry>(() => provideAuditLog(), { limit: AUDIT_PAGE_LIMIT });

  const filters = (
    <ListFilterForm label={t('admin_audit.filters_label')} send={send}>
      <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
        {AUDIT_FILTERS.map((name) => (
          <ListTextFilter
            key={name}
            name={name}
            id={`audit-filter-${name}`}
            label={t(`admin_audit.filters.${name}`)}
            placeholder={t(`admin_audit.filters.${name}_placeholder`)}
            draft={view.draft}
            send={send}
          />
        ))}
      </SimpleGrid>
      <HStack mt="3" gap="3">
        <Button type="submit" disabled={!view.canApply} data-testid="audit-apply">
          {t('admin_audit.apply')}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={!view.filtered && !view.canApply}
          onClick={() => send({ type: 'list.clearFilters' })}
          data-testid="audit-clear"
        >
          {t('admin_audit.clear')}
        </Button>
      </HStack>
    </ListFilterForm>
  );

  return (
    <Stack gap="5" maxW="6xl" mx="auto" py="6">
      <PageHeading size="xl" title={t('admin_audit.title')} intro={t('admin_audit.intro')} />
      <ListTable
        view={view}
        send={send}
        testId="audit"
        texts={listTexts(t, 'admin_audit', { noMatch: true })}
        filters={filters}
        total={t('admin_audit.total', { count: view.total })}
        striped
        skeletonHeight="40"
        rowKey={(entry) => entry.id}
        rowProps={(entry) => ({ 'data-testid': 'audit-row', 'data-action': entry.action })}
        columns={[
          {
            key: 'when',
            header: t('admin_audit.columns.when'),
            cellProps: { whiteSpace: 'nowrap' },
            cell: (entry) => formatDateTime(entry.createdAt, language),
          },
          { key: 'who', header: t('admin_audit.columns.who'), cell: (entry) => entry.actorEmail ?? t('admin_audit.system') },
          {
            key: 'action',
            header: t('admin_audit.columns.action'),
            // The action's name; its code (what the action filter takes) on hover.
            cell: (entry) => (
              <Text title={entry.action} data-testid="audit-action">
                {t(auditActionKey(entry.action), { defaultValue: entry.action })}
              </Text>
            ),
          },
          {
            key: 'target',
            header: t('admin_audit.columns.target'),
            cell: (entry) => (
              <>
                <Text title={entry.targetType}>{t(auditTargetKey(entry.targetType), { defaultValue: entry.targetType })}</Text>
                {entry.targetId && <Code fontSize="xs">{entry.targetId}</Code>}
              </>
            ),
          },
          {
            key: 'change',
            header: t('admin_audit.columns.change'),
            cellProps: { maxW: 'md' },
            cell: (entry) => (
              <Stack gap="1" fontSize="xs" fontFamily="mono" wordBreak="break-word">
                <Text title={JSON.stringify(entry.before)} data-testid="audit-before">
                  {valueText(entry.before)}
                </Text>
                <Text aria-hidden>↓</Text>
                <Text title={JSON.stringify(entry.after)} data-testid="audit-after">
                  {valueText(entry.after)}
                </Text>
              </Stack>
            ),
          },
        ]}
      />
    </Stack>
  );
}
