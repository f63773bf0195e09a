// /admin/forms/{id} (admin): one form, read-only — its survey year, status, owner and every answer by step,
// translated as the questionnaire defines them (the my-form summary) — with links to its owner's page and to
// its comparison (/comparison-comp/{id}). The form is one API answer (machines/resource).
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Container, DataList, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { provideResource } from '../../../../machines/resource/resourceMachine';
import { resourceView, sameResource } from '../../../../machines/resource/viewModel';
import { loadFormActor } from '../../../../machines/formLookup/actors';
import type { Form } from '../../../../machines/formLookup/formLookupMachine';
import { formSummary } from '../../../../machines/myForm/viewModel';
import { useLanguage, useNotifyFailure } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { FormSummary } from '../../components/FormSummary';
import { formatDateTime } from '../../../domain/accountFormat';
import { RetryAlert } from '../../components/ActionAlert';

export default function AdminFormPage() {
  const { id = '' } = useParams();
  return <AdminForm key={id} id={id} />;
}

function AdminForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => provideResource(loadFormActor(id)));
  const resource = useActorRef(machine, { inspect });
  const view = useSelector(resource, (snapshot) => resourceView<Form>(snapshot), sameResource);
  useEffect(() => {
    const subscription = resource.on('resource.failed', ({ failure }) => {
      if (failure.status !== 404) notifyFailure(failure);
    });
    return () => subscription.unsubscribe();
  }, [resource, notifyFailure]);

  let body;
  if (view.status === 'loading') body = <LoadingSpinner />;
  else if (view.status === 'failed') {
    body =
      view.failure.status === 404 ? (
        <Alert.Root status="warning" data-testid="admin-form-not-found">
          <Alert.Indicator />
          <Alert.Title>{t('admin_forms.not_found')}</Alert.Title>
        </Alert.Root>
      ) : (
        <RetryAlert
          data-testid="admin-form-error"
          message={t('admin_forms.unavailable')}
          retry={t('admin_forms.retry')}
          onRetry={() => resource.send({ type: 'resource.retry' })}
        />
      );
  } else {
    const form = view.data;
    const email = typeof form.answers.email === 'string' ? form.answers.email : null;
    body = (
      <Stack gap="6">
        <HStack gap="3" wrap="wrap">
          <Badge colorPalette={form.status === 'completed' ? 'green' : 'gray'} size="lg" data-testid="admin-form-status">
            {t(`my_form.status.${form.status}`)}
          </Badge>
          {form.status === 'completed' ? (
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to={`/comparison-comp/${form.id}`} data-testid="admin-form-comparison">
                {t('admin_forms.comparison')}
              </RouterLink>
            </Button>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t('admin_forms.no_comparison')}
            </Text>
          )}
        </HStack>
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <DataList.Item>
            <DataList.ItemLabel minW={{ base: '7rem', sm: '10rem' }}>{t('admin_forms.fields.id')}</DataList.ItemLabel>
            <DataList.ItemValue fontFamily="mono" fontSize="sm" minW="0" wordBreak="break-all">
              {form.id}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW={{ base: '7rem', sm: '10rem' }}>{t('admin_forms.fields.owner')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="admin-form-owner" minW="0" overflowWrap="anywhere">
              {form.userId ? (
                <Link asChild colorPalette="brand">
                  <RouterLink to={`/admin/users/${form.userId}`}>{t('admin_forms.owner_page')}</RouterLink>
                </Link>
              ) : (
                t('admin_forms.anonymous')
              )}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW={{ base: '7rem', sm: '10rem' }}>{t('admin_forms.fields.email')}</DataList.ItemLabel>
            <DataList.ItemValue minW="0" overflowWrap="anywhere">
              {email ?? '—'}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW={{ base: '7rem', sm: '10rem' }}>{t('admin_forms.fields.created')}</DataList.ItemLabel>
            <DataList.ItemValue minW="0" overflowWrap="anywhere">
              {formatDateTime(form.createdAt, language)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW={{ base: '7rem', sm: '10rem' }}>{t('admin_forms.fields.updated')}</DataList.ItemLabel>
            <DataList.ItemValue minW="0" overflowWrap="anywhere">
              {formatDateTime(form.updatedAt, language)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW={{ base: '7rem', sm: '10rem' }}>{t('admin_forms.fields.steps')}</DataList.ItemLabel>
            <DataList.ItemValue minW="0" overflowWrap="anywhere">
              {t('admin_forms.steps_saved', { count: form.completedSteps.length })}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        {/* The answers' cards are h3: their section heading keeps the outline in order. */}
        <Heading as="h2" size="lg">
          {t('admin_forms.answers_title')}
        </Heading>
        <FormSummary steps={formSummary(form)} />
      </Stack>
    );
  }

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }} data-testid="admin-form-page">
      <Stack gap="6">
        <Stack gap="1">
          <Link asChild fontSize="sm" colorPalette="brand">
            <RouterLink to="/admin/forms">{t('admin_forms.back')}</RouterLink>
          </Link>
          <Heading as="h1" size="2xl" data-testid="admin-form-title">
            {view.status === 'ready' ? t('admin_forms.title', { year: view.data.surveyYear }) : t('sections.admin_form')}
          </Heading>
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}
