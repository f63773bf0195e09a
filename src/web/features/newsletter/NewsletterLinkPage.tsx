// /newsletter/confirm and /newsletter/unsubscribe: the pages the newsletter e-mails link to
// (machines/newsletterLink). The token comes from the link's query.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { newsletterLinkMachine } from '../../../../machines/newsletterLink/newsletterLinkMachine';
import { newsletterLinkActors } from '../../../../machines/newsletterLink/actors';
import { newsletterLinkView } from '../../../../machines/newsletterLink/viewModel';
import { inspect } from '../../kernel/inspector';

export default function NewsletterLinkPage({ mode }: { mode: 'confirm' | 'unsubscribe' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [machine] = useState(() => newsletterLinkMachine.provide({ actors: newsletterLinkActors() }));
  const actor = useActorRef(machine, { inspect });
  const view = useSelector(actor, newsletterLinkView);
  const token = params.get('token');
  useEffect(() => actor.send({ type: 'link.open', mode, token }), [actor, mode, token]);
  const base = `newsletter.link.${mode}`;

  return (
    <Container maxW="xl" py={{ base: 10, md: 16 }} data-testid={`newsletter-${mode}-page`} data-status={view.status}>
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {t(`${base}.title`)}
        </Heading>
        {view.status === 'working' && (
          <Stack direction="row" gap="3" align="center" role="status">
            <Spinner size="sm" />
            <Text>{t(`${base}.working`)}</Text>
          </Stack>
        )}
        {view.status === 'asking' && (
          <Stack gap="4">
            <Text>{t(`${base}.ask`)}</Text>
            <Box>
              <Button colorPalette="brand" onClick={() => actor.send({ type: 'link.unsubscribe' })} data-testid="newsletter-unsubscribe-button">
                {t(`${base}.button`)}
              </Button>
            </Box>
          </Stack>
        )}
        {view.status === 'done' && (
          <Alert.Root status="success" data-testid="newsletter-link-done">
            <Alert.Indicator />
            <Alert.Description>{t(`${base}.done`, { email: view.email ?? '' })}</Alert.Description>
          </Alert.Root>
        )}
        {view.status === 'invalid' && (
          <Alert.Root status="error" data-testid="newsletter-link-invalid">
            <Alert.Indicator />
            <Alert.Description>{t(view.reasonKey ?? 'newsletter.link.errors.invalid')}</Alert.Description>
          </Alert.Root>
        )}
        {view.status === 'failed' && (
          <Alert.Root status="warning" data-testid="newsletter-link-failed">
            <Alert.Indicator />
            <Stack gap="2" flex="1">
              <Alert.Description>{t('newsletter.link.errors.network')}</Alert.Description>
              <Box>
                <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'link.retry' })}>
                  {t('newsletter.link.retry')}
                </Button>
              </Box>
            </Stack>
          </Alert.Root>
        )}
        <Text>
          <RouterLink to="/home">{t('newsletter.link.home')}</RouterLink>
        </Text>
      </Stack>
    </Container>
  );
}
