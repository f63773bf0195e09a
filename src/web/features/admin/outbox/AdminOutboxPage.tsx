// /admin/outbox: the e-mails stored instead of sent while no SMTP server is configured (GET admin/outbox), newest
// first, in pages; one opened to read (its text, and its HTML in a sandboxed frame that runs nothing). The flow is
// machines/list with the outbox's actor (machines/outbox/actors.ts).
import { useEffect, useRef } from 'react';
import { Box, Button, Card, Heading, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { OUTBOX_PAGE_LIMIT, provideOutbox, type OutboxMessage } from '../../../../../machines/outbox/actors';
import { useLanguage } from '../../../kernel/session';
import { NUMBER_LOCALE } from '../../../../domain/language';
import { ListTable, listTexts } from '../../../components/ListTable';
import { useList } from '../../../components/useList';
import { AdminPageHeading, formatAdminDate } from '../../../components/admin/AdminParts';

export default function AdminOutboxPage() {
  const { t } = useTranslation();
  const locale = NUMBER_LOCALE[useLanguage()];
  const { view, send } = useList<OutboxMessage>(() => provideOutbox(), { limit: OUTBOX_PAGE_LIMIT });
  const reader = useRef<HTMLHeadingElement>(null);
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
          <Button
            size="sm"
            variant="outline"
            onClick={() => send({ type: 'list.reload' })}
            disabled={view.loading || view.status === 'failed'}
            data-testid="outbox-reload"
          >
            {t('admin.outbox.reload')}
          </Button>
        }
      />
      {view.open && (
        <Card.Root data-testid="outbox-message">
          <Card.Body gap="3">
            <Heading as="h2" size="md" tabIndex={-1} ref={reader}>
              {view.open.subject}
            </Heading>
            <Text fontSize="sm">
              {t('admin.outbox.to')}: {view.open.to} · {formatAdminDate(view.open.createdAt, locale)}
            </Text>
            <Box
              as="pre"
              whiteSpace="pre-wrap"
              wordBreak="break-word"
              fontFamily="inherit"
              fontSize="sm"
              p="3"
              bg={{ base: 'gray.50', _dark: 'gray.800' }}
              rounded="md"
              data-testid="outbox-message-text"
            >
              {view.open.text}
            </Box>
            {view.open.html && (
              <details>
                <summary style={{ cursor: 'pointer' }}>{t('admin.outbox.html_version')}</summary>
                <Box
                  as="iframe"
                  mt="2"
                  width="full"
                  height="96"
                  borderWidth="1px"
                  rounded="md"
                  bg="white"
                  {...{ sandbox: '', srcDoc: view.open.html, title: view.open.subject }}
                />
              </details>
            )}
            <HStack>
              <Button size="sm" variant="outline" onClick={() => send({ type: 'list.close' })} data-testid="outbox-back">
                {t('admin.outbox.back')}
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      )}
      {!view.open && (
        <ListTable
          view={view}
          send={send}
          testId="outbox"
          texts={listTexts(t, 'admin.outbox')}
          rowKey={(message) => message.id}
          rowProps={() => ({ 'data-testid': 'outbox-row' })}
          columns={[
            { key: 'date', header: t('admin.outbox.date'), cellProps: { whiteSpace: 'nowrap' }, cell: (message) => formatAdminDate(message.createdAt, locale) },
            { key: 'to', header: t('admin.outbox.to'), cellProps: { wordBreak: 'break-all' }, cell: (message) => message.to },
            { key: 'subject', header: t('admin.outbox.subject'), cell: (message) => message.subject },
            {
              key: 'open',
              header: <VisuallyHidden>{t('admin.outbox.open')}</VisuallyHidden>,
              cell: (message) => (
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => send({ type: 'list.open', id: message.id })}
                  aria-label={`${t('admin.outbox.open')}: ${message.subject}`}
                >
                  {t('admin.outbox.open')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Box>
  );
}
