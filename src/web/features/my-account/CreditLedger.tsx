// The ledger of credit movements (GET users/currentUser/credit-ledger), newest first, paged.
import { useState } from 'react';
import { Alert, Box, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../../api/client';
import type { Language } from '../../../domain/constants';
import { formatCount } from '../../../domain/language';
import { useApiResource } from '../../app/useApiResource';
import { useNotifyFailure } from '../../app/session';
import { formatCreditDelta, formatDateTime } from './accountFormat';
import { Pager } from './Pager';

export const LEDGER_PAGE_LIMIT = 10;

export function CreditLedger({ language, refreshKey = 0 }: { language: Language; refreshKey?: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const notifyFailure = useNotifyFailure();
  const ledger = useApiResource(
    (signal) => call(api.GET('/users/currentUser/credit-ledger', { params: { query: { page, limit: LEDGER_PAGE_LIMIT } }, signal })),
    [page, refreshKey],
    notifyFailure,
  );

  let body;
  if (ledger.status === 'loading') body = <Skeleton height="32" rounded="md" data-testid="credit-ledger-loading" />;
  else if (ledger.status === 'failed') {
    body = (
      <Alert.Root status="error" data-testid="credit-ledger-error">
        <Alert.Indicator />
        <Alert.Title>{t('my_account.ledger.unavailable')}</Alert.Title>
      </Alert.Root>
    );
  } else if (ledger.data.items.length === 0) {
    body = (
      <Text color="fg.muted" data-testid="credit-ledger-empty">
        {t('my_account.ledger.empty')}
      </Text>
    );
  } else {
    const pages = Math.max(1, Math.ceil(ledger.data.total / ledger.data.limit));
    body = (
      <Stack gap="3">
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" striped data-testid="credit-ledger">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('my_account.ledger.date')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('my_account.ledger.reason')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('my_account.ledger.delta')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('my_account.ledger.balance_after')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {ledger.data.items.map((entry) => (
                <Table.Row key={entry.id} data-testid="ledger-row" data-reason={entry.reason} data-delta={entry.delta}>
                  <Table.Cell>{formatDateTime(entry.createdAt, language)}</Table.Cell>
                  <Table.Cell>{t(`credits.reasons.${entry.reason}`, { defaultValue: entry.reason })}</Table.Cell>
                  <Table.Cell textAlign="end" color={entry.delta < 0 ? 'fg.error' : 'fg.success'} fontWeight="semibold">
                    {formatCreditDelta(entry.delta, language)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(entry.balanceAfter, language)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Pager page={page} pages={pages} canGoBack={page > 1} canGoForward={page < pages} onPage={setPage} testId="credit-ledger-pager" />
      </Stack>
    );
  }

  return (
    <Box as="section" aria-labelledby="credit-ledger-title">
      <Stack gap="3">
        <Heading as="h2" id="credit-ledger-title" size="md">
          {t('my_account.ledger.title')}
        </Heading>
        {body}
      </Stack>
    </Box>
  );
}
