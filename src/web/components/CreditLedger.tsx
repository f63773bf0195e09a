// The ledger of credit movements (GET users/currentUser/credit-ledger), newest first, paged by the list
// machine (machines/list) with the ledger's actor (machines/creditLedger/actors.ts).
// Wide screens get a table; below md (768 px) every movement is a card, so date, reason, credits and
// balance all show on a phone without a sideways-scrolling region. Amounts carry their sign (+/−) and a
// colour that meets 4.5:1 on the page, never the colour alone.
import { useEffect } from 'react';
import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { provideList } from '../../../machines/list/listMachine';
import { LEDGER_PAGE_LIMIT, creditLedgerActors, type CreditLedgerEntry } from '../../../machines/creditLedger/actors';
import type { Language } from '../../domain/constants';
import { formatCount } from '../../domain/language';
import { formatPrice } from '../../domain/money';
import { ListTable, listTexts, type ListColumn } from './ListTable';
import { useList } from './useList';
import { formatCreditDelta, formatDateTime } from '../../domain/accountFormat';

/** Red and green dark enough for 4.5:1 on the light background (and light enough on the dark one). */
export const deltaColor = (delta: number) => (delta < 0 ? { base: 'red.700', _dark: 'red.300' } : { base: 'green.700', _dark: 'green.300' });

export function CreditLedger({ language, refreshKey = 0 }: { language: Language; refreshKey?: number }) {
  const { t } = useTranslation();
  const { view, send } = useList<CreditLedgerEntry>(() => provideList(creditLedgerActors().loadPage), { limit: LEDGER_PAGE_LIMIT });
  // A purchase confirmed on this page adds a movement: read the ledger again.
  useEffect(() => {
    if (refreshKey > 0) send({ type: 'list.reload' });
  }, [send, refreshKey]);

  return (
    <Box as="section" aria-labelledby="credit-ledger-title">
      <Stack gap="3">
        <Heading as="h2" id="credit-ledger-title" size="md">
          {t('my_account.ledger.title')}
        </Heading>
        <ListTable
          view={view}
          send={send}
          testId="credit-ledger"
          texts={listTexts(t, 'my_account.ledger')}
          skeletonHeight="32"
          striped
          regionProps={{ hideBelow: 'md' }}
          rowKey={(entry) => entry.id}
          rowProps={(entry) => ({ 'data-testid': 'ledger-row', 'data-reason': entry.reason, 'data-delta': entry.delta })}
          columns={[
            ...ledgerColumns(t, language),
            // Purchases and refunds: the amount paid in its own currency and Stripe's receipt.
            {
              key: 'amount',
              header: t('my_account.ledger.amount'),
              align: 'end',
              cell: (entry) => <span data-testid="ledger-amount">{paidAmount(entry, language)}</span>,
            },
            { key: 'receipt', header: t('my_account.ledger.receipt'), cell: (entry) => <ReceiptLink entry={entry} /> },
          ]}
          after={(items) => (
            <Stack as="ul" gap="2" m="0" p="0" hideFrom="md" data-testid="credit-ledger-cards">
              {items.map((entry) => (
                <LedgerCard key={entry.id} entry={entry} language={language} />
              ))}
            </Stack>
          )}
        />
      </Stack>
    </Box>
  );
}

/** The columns a ledger shows everywhere (the account's own, an admin's view of an account): date, reason, credits, balance. */
export function ledgerColumns<E extends Pick<CreditLedgerEntry, 'createdAt' | 'reason' | 'delta' | 'balanceAfter'>>(
  t: TFunction,
  language: Language,
): ListColumn<E>[] {
  return [
    { key: 'date', header: t('my_account.ledger.date'), cell: (entry) => formatDateTime(entry.createdAt, language) },
    { key: 'reason', header: t('my_account.ledger.reason'), cell: (entry) => t(`credits.reasons.${entry.reason}`, { defaultValue: entry.reason }) },
    {
      key: 'delta',
      header: t('my_account.ledger.delta'),
      align: 'end',
      cellProps: { fontWeight: 'semibold' },
      cell: (entry) => (
        <Text as="span" color={deltaColor(entry.delta)}>
          {formatCreditDelta(entry.delta, language)}
        </Text>
      ),
    },
    { key: 'balance', header: t('my_account.ledger.balance_after'), align: 'end', cell: (entry) => formatCount(entry.balanceAfter, language) },
  ];
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
