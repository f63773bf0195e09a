// /admin/newsletters: the subscribers (filters, pages, CSV export) and composing and sending an issue. The server
// checks that the caller is an admin on every call; the route guard only keeps others from the page.
import { useEffect, useState } from 'react';
import { Container, Heading, Stack, Tabs } from '@chakra-ui/react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { issueMachine } from '../../../../machines/newsletterAdmin/issueMachine';
import { SUBSCRIBERS_PAGE_LIMIT, issueActors, provideSubscribers } from '../../../../machines/newsletterAdmin/actors';
import { inspect } from '../../kernel/inspector';
import { resolveLanguage } from '../../../domain/language';
import { SubscribersPanel } from './SubscribersPanel';
import { ComposePanel } from './ComposePanel';

/** Saves the exported CSV as a file (the browser's download). */
function saveCsv(csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function AdminNewslettersPage() {
  const { t, i18n } = useTranslation();
  const [machines] = useState(() => ({
    subscribers: provideSubscribers(),
    issue: issueMachine.provide({ actors: issueActors() }),
  }));
  const subscribers = useActorRef(machines.subscribers, { input: { limit: SUBSCRIBERS_PAGE_LIMIT }, inspect });
  const issue = useActorRef(machines.issue, { input: { language: resolveLanguage(i18n.language) }, inspect });
  useEffect(() => {
    const exported = subscribers.on('list.exported', (event) => saveCsv(event.data));
    // A sent issue changes nobody's subscription, but the page's counts of confirmed people may have moved.
    const sent = issue.on('issue.sent', () => subscribers.send({ type: 'list.reload' }));
    return () => {
      exported.unsubscribe();
      sent.unsubscribe();
    };
  }, [subscribers, issue]);

  return (
    <Container maxW="6xl" py="8" data-testid="admin-newsletters-page">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {t('sections.admin_newsletters')}
        </Heading>
        <Tabs.Root defaultValue="subscribers" lazyMount={false}>
          <Tabs.List>
            <Tabs.Trigger value="subscribers" data-testid="tab-subscribers">
              {t('admin_newsletters.tabs.subscribers')}
            </Tabs.Trigger>
            <Tabs.Trigger value="compose" data-testid="tab-compose">
              {t('admin_newsletters.tabs.compose')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="subscribers">
            <SubscribersPanel actor={subscribers} />
          </Tabs.Content>
          <Tabs.Content value="compose">
            <ComposePanel actor={issue} />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
