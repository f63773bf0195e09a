// my-form (signed in): the user's latest form, read-only by step; edit it in my-form-editor, or — when it is
// of an earlier survey year — "update for this year" (POST forms/copy behind the confirm modal of type copy).
import type { ComponentType, ReactNode } from 'react';
import { Alert, Badge, Button, Card, Container, Heading, HStack, Stack, Text, type ButtonProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ExploreViews } from '../../components/ExploreViews';
import { formSummary } from '../../../../machines/myForm/viewModel';
import { useCurrentUser, useLanguage } from '../../kernel/session';
import { FormSummary } from '../../components/FormSummary';
import { useMyForm } from './useMyForm';
import type { MyFormView } from '../../../../machines/myForm/viewModel';
import type { ActorRefFrom } from 'xstate';
import type { MyFormMachine } from '../../../../machines/myForm/myFormMachine';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { PageHeading } from '../../components/PageIntro';

export default function MyFormPage() {
  return <ForSignedInPerson page={MyForm} />;
}

/** A my-form page of the signed-in person: a spinner until the account is known, then the page keyed by it (a fresh flow per account). */
export function ForSignedInPerson({ page: Page }: { page: ComponentType<{ userId: string }> }) {
  const user = useCurrentUser();
  if (!user) return <LoadingSpinner />;
  return <Page key={user._id} userId={user._id} />;
}

/** The frame of both my-form pages: the heading, the flow's loading and failed states, the page's own, and the copy's modal. */
export function MyFormFrame({
  testId,
  heading,
  flow,
  children,
}: {
  testId: string;
  heading: ReactNode;
  flow: ReturnType<typeof useMyForm>;
  children: ReactNode;
}) {
  const { actor, view, modal } = flow;
  return (
    <Container maxW="5xl" py={{ base: 8, md: 12 }} data-testid={testId} data-phase={view.phase}>
      <Stack gap="6">
        {heading}
        {(view.phase === 'loading' || view.phase === 'copied') && <LoadingSpinner />}
        {view.phase === 'loadFailed' && <LoadFailed actor={actor} />}
        {children}
      </Stack>
      {modal}
    </Container>
  );
}

function MyForm({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const flow = useMyForm(userId);
  const { view, form } = flow;
  return (
    <MyFormFrame testId="my-form-page" heading={<PageHeading gap="2" title={t('my_form.title')} intro={t('my_form.intro')} />} flow={flow}>
      {view.phase === 'empty' && <NoForm />}
      {view.phase === 'ready' && form && (
        <>
          <Card.Root data-testid="my-form-header">
            <Card.Body gap="4">
              <HStack gap="3" wrap="wrap">
                <Heading as="h2" size="lg" data-testid="my-form-year">
                  {t('my_form.year', { year: view.year })}
                </Heading>
                <Badge colorPalette={view.status === 'completed' ? 'green' : 'orange'} data-testid="my-form-status" data-status={view.status}>
                  {t(`my_form.status.${view.status}`)}
                </Badge>
              </HStack>
              {view.updatedAt && (
                <Text fontSize="sm" color="fg.muted">
                  {t('my_form.updated', {
                    date: new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-US', { dateStyle: 'long' }).format(new Date(view.updatedAt)),
                  })}
                </Text>
              )}
              <CopyNotice view={view} />
              {view.canCopy && (
                <Alert.Root status="info" data-testid="my-form-update-hint">
                  <Alert.Indicator />
                  <Alert.Title>{t('my_form.update_hint', { year: view.year })}</Alert.Title>
                </Alert.Root>
              )}
              <HStack gap="3" wrap="wrap">
                {view.year !== null && view.year < view.currentYear ? (
                  <CopyButton flow={flow} data-testid="my-form-update">
                    {t('my_form.update', { year: view.currentYear })}
                  </CopyButton>
                ) : null}
                <Button asChild variant={view.canCopy ? 'outline' : 'solid'} colorPalette="brand" data-testid="my-form-edit">
                  <RouterLink to="/my-form-editor">{t(view.status === 'completed' ? 'my_form.edit' : 'my_form.continue')}</RouterLink>
                </Button>
              </HStack>
            </Card.Body>
          </Card.Root>
          {/* A completed form opens the personal views: the way on to them (and to the plans). */}
          {view.status === 'completed' && <ExploreViews />}
          <FormSummary steps={formSummary(form)} />
        </>
      )}
    </MyFormFrame>
  );
}

/** Asks to copy the last form into this survey year (the confirm modal follows); busy while the copy is made. */
export function CopyButton({ flow: { actor, view }, ...button }: { flow: ReturnType<typeof useMyForm> } & ButtonProps & { 'data-testid': string }) {
  const { t } = useTranslation();
  return (
    <Button
      colorPalette="brand"
      onClick={() => actor.send({ type: 'myForm.askCopy' })}
      disabled={!view.canCopy}
      loading={view.copying}
      loadingText={t('my_form.copying')}
      {...button}
    />
  );
}

export function CopyNotice({ view }: { view: MyFormView }) {
  const { t } = useTranslation();
  if (!view.noticeKey) return null;
  return (
    <Alert.Root status={view.noticeKey === 'my_form.copy_failed' ? 'error' : 'info'} data-testid="my-form-notice">
      <Alert.Indicator />
      <Alert.Title>{t(view.noticeKey)}</Alert.Title>
    </Alert.Root>
  );
}

export function LoadFailed({ actor }: { actor: ActorRefFrom<MyFormMachine> }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" data-testid="my-form-load-failed">
      <Alert.Indicator />
      <Alert.Title>{t('my_form.load_failed')}</Alert.Title>
      <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'myForm.retry' })}>
        {t('my_form.retry')}
      </Button>
    </Alert.Root>
  );
}

function NoForm() {
  const { t } = useTranslation();
  return (
    <Card.Root data-testid="my-form-empty">
      <Card.Body gap="4">
        <Heading as="h2" size="lg">
          {t('my_form.empty_title')}
        </Heading>
        <Text color="fg.muted">{t('my_form.empty_text')}</Text>
        <Button asChild colorPalette="brand" alignSelf="flex-start">
          <RouterLink to="/steps">{t('my_form.start')}</RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
