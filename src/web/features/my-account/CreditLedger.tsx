// The ledger of credit movements (GET users/currentUser/credit-ledger), newest first, paged by the
// paged-list machine (machines/pagedList) with the ledger's actor (machines/creditLedger/actors.ts).
// Wide screens get a table; below md (768 px) every movement is a card, so date, reason, credits and
// balance all show on a phone without a sideways-scrolling region. Amounts carry their sign (+/−) and a
// colour that meets 4.5:1 on the page, never the colour alone.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Heading, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { providePagedList } from '../../../../machines/pagedList/pagedListMachine';
import { pagedListView, samePagedListView } from '../../../../machines/pagedList/viewModel';
import { LEDGER_PAGE_LIMIT, creditLedgerActors, type CreditLedgerEntry } from '../../../../machines/creditLedger/actors';
import type { Language } from '../../../domain/constants';
import { formatCount } from '../../../domain/language';
import { formatPrice } from '../../../domain/money';
import { useNotifyFailure } from '../../app/session';
import { inspect } from '../../app/inspector';
import { formatCreditDelta, formatDateTime } from './accountFormat';
import { Pager } from './Pager';

/** Red and green dark enough for 4.5:1 on the light background (and light enough on the dark one). */
const deltaColor = (delta: number) => (delta < 0 ? { base: 'red.700', _dark: 'red.300' } : { base: 'green.700', _dark: 'green.300' });

export function CreditLedger({ language, refreshKey = 0 }: { language: Language; refreshKey?: number }) {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => providePagedList(creditLedgerActors().loadPage));
  const ledger = useActorRef(machine, { input: { limit: LEDGER_PAGE_LIMIT }, inspect });
  // A purchase confirmed on this page adds a movement: read the ledger again.
  useEffect(() => {
    if (refreshKey > 0) ledger.send({ type: 'list.reload' });
  }, [ledger, refreshKey]);
  const view = useSelector(ledger, (snapshot) => pagedListView<CreditLedgerEntry>(snapshot), samePagedListView);
  useEffect(() => {
    const subscription = ledger.on('list.failed', ({ failure }) => notifyFailure(failure));
    return () => subscription.unsubscribe();
  }, [ledger, notifyFailure]);

  let body;
  if (view.status === 'loading') body = <Skeleton height="32" rounded="md" data-testid="credit-ledger-loading" />;
  else if (view.status === 'failed') {
    body = (
      <Alert.Root status="error" alignItems="center" data-testid="credit-ledger-error">
        <Alert.Indicator />
        <Alert.Title flex="1">{t('my_account.ledger.unavailable')}</Alert.Title>
        <Button size="sm" variant="outline" disabled={!view.canRetry} onClick={() => ledger.send({ type: 'list.retry' })} data-testid="credit-ledger-retry">
          {t('my_account.ledger.retry')}
        </Button>
      </Alert.Root>
    );
  } else if (view.status === 'empty') {
    body = (
      <Text color="fg.muted" data-testid="credit-ledger-empty">
        {t('my_account.ledger.empty')}
      </Text>
    );
  } else {
    body = (
      <Stack gap="3" aria-busy={view.loading} data-loading={view.loading}>
        <Box borderWidth="1px" rounded="md" hideBelow="md" data-testid="credit-ledger-table">
          <Table.Root size="sm" striped data-testid="credit-ledger">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('my_account.ledger.date')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('my_account.ledger.reason')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('my_account.ledger.delta')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('my_account.ledger.balance_after')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('my_account.ledger.amount')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('my_account.ledger.receipt')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {view.items.map((entry) => (
                <Table.Row key={entry.id} data-testid="ledger-row" data-reason={entry.reason} data-delta={entry.delta}>
                  <Table.Cell>{formatDateTime(entry.createdAt, language)}</Table.Cell>
                  <Table.Cell>{t(`credits.reasons.${entry.reason}`, { defaultValue: entry.reason })}</Table.Cell>
                  <Table.Cell textAlign="end" color={deltaColor(entry.delta)} fontWeight="semibold">
                    {formatCreditDelta(entry.delta, language)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(entry.balanceAfter, language)}</Table.Cell>
                  {/* Purchases and refunds: the amount paid in its own currency and Stripe's receipt. */}
                  <Table.Cell textAlign="end" data-testid="ledger-amount">
                    {paidAmount(entry, language)}
                  </Table.Cell>
                  <Table.Cell>
                    <ReceiptLink entry={entry} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
        <Stack as="ul" gap="2" m="0" p="0" hideFrom="md" data-testid="credit-ledger-cards">
          {view.items.map((entry) => (
            <LedgerCard key={entry.id} entry={entry} language={language} />
          ))}
        </Stack>
        <Pager
          page={view.page}
          pages={view.pages}
          canGoBack={view.canGoBack}
          canGoForward={view.canGoForward}
          onPage={(page) => ledger.send({ type: 'list.goToPage', page })}
          testId="credit-ledger-pager"
        />
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

/** One movement on a narrow screen: the date and reason above, credits and balance as labelled figures. */
function LedgerCard({ entry, language }: { entry: CreditLedgerEntry; language: Language }) {
  const { t } = useTranslation();
  const date = formatDateTime(entry.createdAt, language);
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      rounded="md"
      p="3"
      aria-label={t('my_account.ledger.entry_label', { date })}
      data-testid="ledger-card"
      data-reason={entry.reason}
      data-delta={entry.delta}
    >
      <Stack gap="2">
        <Stack gap="0">
          <Text fontSize="sm" color="fg.muted" data-testid="ledger-card-date">
            {date}
          </Text>
          <Text fontWeight="medium" data-testid="ledger-card-reason">
            {t(`credits.reasons.${entry.reason}`, { defaultValue: entry.reason })}
          </Text>
        </Stack>
        <Box as="dl" display="grid" gridTemplateColumns="1fr 1fr" columnGap="3" m="0">
          <div>
            <Text as="dt" fontSize="sm" color="fg.muted">
              {t('my_account.ledger.delta')}
            </Text>
            <Text as="dd" m="0" fontWeight="semibold" color={deltaColor(entry.delta)} data-testid="ledger-card-delta">
              {formatCreditDelta(entry.delta, language)}
            </Text>
          </div>
          <div>
            <Text as="dt" fontSize="sm" color="fg.muted">
              {t('my_account.ledger.balance_after')}
            </Text>
            <Text as="dd" m="0" data-testid="ledger-card-balance">
              {formatCount(entry.balanceAfter, language)}
            </Text>
          </div>
          {entry.amountPaid != null && entry.currency && (
            <div>
              <Text as="dt" fontSize="sm" color="fg.muted">
                {t('my_account.ledger.amount')}
              </Text>
              <Text as="dd" m="0" data-testid="ledger-card-amount">
                {paidAmount(entry, language)}
              </Text>
            </div>
          )}
        </Box>
        <ReceiptLink entry={entry} />
      </Stack>
    </Box>
  );
}

/** The amount paid for a purchase (refunded, for a refund) in its own currency; empty for other movements. */
function paidAmount(entry: CreditLedgerEntry, language: Language): string {
  return entry.amountPaid != null && entry.currency ? formatPrice(entry.amountPaid, language, entry.currency) : '';
}

function ReceiptLink({ entry }: { entry: CreditLedgerEntry }) {
  const { t } = useTranslation();
  if (!entry.receiptUrl) return null;
  return (
    <Link href={entry.receiptUrl} target="_blank" rel="noopener noreferrer" data-testid="ledger-receipt">
      {t('my_account.ledger.receipt_link')}
    </Link>
  );
}
