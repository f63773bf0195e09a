// /admin/outbox: the e-mails stored instead of sent while no SMTP server is configured (GET admin/outbox), newest
// first, in pages; one opened to read (its text, and its HTML in a sandboxed frame that runs nothing). The flow is
// machines/outbox.
import { useEffect, useRef, useState } from 'react';
import { Box, Button, Card, Heading, HStack, Skeleton, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { outboxMachine } from '../../../../../machines/outbox/outboxMachine';
import { OUTBOX_PAGE_LIMIT, outboxActors } from '../../../../../machines/outbox/actors';
import { outboxView, sameOutboxView } from '../../../../../machines/outbox/viewModel';
import { inspect } from '../../../app/inspector';
import { useLanguage, useNotifyFailure } from '../../../app/session';
import { NUMBER_LOCALE } from '../../../../domain/language';
import { AdminPageHeading, AdminPager, formatAdminDate, LoadFailed } from '../AdminParts';

export default function AdminOutboxPage() {
  const { t } = useTranslation();
  const locale = NUMBER_LOCALE[useLanguage()];
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => outboxMachine.provide({ actors: outboxActors() }));
  const outbox = useActorRef(machine, { input: { limit: OUTBOX_PAGE_LIMIT }, inspect });
  const view = useSelector(outbox, outboxView, sameOutboxView);
  const reader = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const subscription = outbox.on('outbox.failed', ({ failure }) => notifyFailure(failure));
    return () => subscription.unsubscribe();
  }, [outbox, notifyFailure]);
  // Opening a mail moves the focus to it, so a keyboard or screen-reader user lands on what they opened.
  useEffect(() => {
    if (view.open) reader.current?.focus();
  }, [view.open]);

  return (
    <Box data-testid="admin-outbox-page" aria-busy={view.loading}>
      <AdminPageHeading
        title={t('admin.outbox.title')}
        intro={t('admin.outbox.intro')}
        actions={
          <Button size="sm" variant="outline" onClick={() => outbox.send({ type: 'outbox.reload' })} disabled={view.loading || view.status === 'failed'} data-testid="outbox-reload">
            {t('admin.outbox.reload')}
          </Button>
        }
      />
      {view.status === 'loading' && <Skeleton height="48" rounded="md" data-testid="outbox-loading" />}
      {view.status === 'failed' && <LoadFailed onRetry={() => outbox.send({ type: 'outbox.retry' })} canRetry={view.canRetry} testId="outbox-failed" />}
      {view.status === 'empty' && <Text data-testid="outbox-empty">{t('admin.outbox.empty')}</Text>}
      {view.open && (
        <Card.Root data-testid="outbox-message">
          <Card.Body gap="3">
            <Heading as="h2" size="md" tabIndex={-1} ref={reader}>
              {view.open.subject}
            </Heading>
            <Text fontSize="sm">
              {t('admin.outbox.to')}: {view.open.to} · {formatAdminDate(view.open.createdAt, locale)}
            </Text>
            <Box as="pre" whiteSpace="pre-wrap" wordBreak="break-word" fontFamily="inherit" fontSize="sm" p="3" bg={{ base: 'gray.50', _dark: 'gray.800' }} rounded="md" data-testid="outbox-message-text">
              {view.open.text}
            </Box>
            {view.open.html && (
              <details>
                <summary style={{ cursor: 'pointer' }}>{t('admin.outbox.html_version')}</summary>
                <Box as="iframe" mt="2" width="full" height="96" borderWidth="1px" rounded="md" bg="white" {...{ sandbox: '', srcDoc: view.open.html, title: view.open.subject }} />
              </details>
            )}
            <HStack>
              <Button size="sm" variant="outline" onClick={() => outbox.send({ type: 'outbox.close' })} data-testid="outbox-back">
                {t('admin.outbox.back')}
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      )}
      {!view.open && view.messages.length > 0 && view.status !== 'failed' && (
        <Stack gap="2">
          <Box overflowX="auto" tabIndex={0} role="region" aria-label={t('admin.outbox.title')}>
            <Table.Root size="sm" data-testid="outbox-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('admin.outbox.date')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.outbox.to')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.outbox.subject')}</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <VisuallyHidden>{t('admin.outbox.open')}</VisuallyHidden>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {view.messages.map((message) => (
                  <Table.Row key={message.id} data-testid="outbox-row">
                    <Table.Cell whiteSpace="nowrap">{formatAdminDate(message.createdAt, locale)}</Table.Cell>
                    <Table.Cell wordBreak="break-all">{message.to}</Table.Cell>
                    <Table.Cell>{message.subject}</Table.Cell>
                    <Table.Cell>
                      <Button size="xs" variant="outline" onClick={() => outbox.send({ type: 'outbox.open', id: message.id })} aria-label={`${t('admin.outbox.open')}: ${message.subject}`}>
                        {t('admin.outbox.open')}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <AdminPager page={view.page} pages={view.pages} canGoBack={view.canGoBack} canGoForward={view.canGoForward} onPage={(page) => outbox.send({ type: 'outbox.goToPage', page })} testId="outbox-pager" />
        </Stack>
      )}
    </Box>
  );
}
