// update-data (signed in): the yearly update. Explains it, shows last year's answers and copies them into this
// survey year (POST forms/copy behind the confirm modal of type copy), then opens the copy in the editor.
import { Button, Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formSummary } from '../../../../machines/myForm/viewModel';
import { currentYear } from '../../../domain/constants';
import { useCurrentUser } from '../../kernel/session';
import { FormSummary } from '../../components/FormSummary';
import { CopyNotice, LoadFailed } from './MyFormPage';
import { useMyForm } from './useMyForm';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { PageHeading } from '../../components/PageIntro';

export default function UpdateDataPage() {
  const user = useCurrentUser();
  if (!user) return <LoadingSpinner />;
  return <UpdateData key={user._id} userId={user._id} />;
}

function UpdateData({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { actor, view, form, modal } = useMyForm(userId);
  const year = currentYear();
  return (
    <Container maxW="5xl" py={{ base: 8, md: 12 }} data-testid="update-data-page" data-phase={view.phase}>
      <Stack gap="6">
        <PageHeading gap="2" title={t('update_data.title', { year })} intro={t('update_data.intro')} introProps={{ maxW: '3xl' }} />
        {(view.phase === 'loading' || view.phase === 'copied') && <LoadingSpinner />}
        {view.phase === 'loadFailed' && <LoadFailed actor={actor} />}
        {view.phase === 'empty' && (
          <Card.Root data-testid="update-data-none">
            <Card.Body gap="4">
              <Text>{t('update_data.none')}</Text>
              <Button asChild colorPalette="brand" alignSelf="flex-start">
                <RouterLink to="/steps">{t('update_data.start')}</RouterLink>
              </Button>
            </Card.Body>
          </Card.Root>
        )}
        {view.phase === 'ready' && form && view.isCurrentYear && (
          <Card.Root data-testid="update-data-done">
            <Card.Body gap="4">
              <CopyNotice view={view} />
              <Text>{t('update_data.already', { year })}</Text>
              <Button asChild colorPalette="brand" alignSelf="flex-start" data-testid="update-data-open">
                <RouterLink to="/my-form-editor">{t('update_data.open', { year })}</RouterLink>
              </Button>
            </Card.Body>
          </Card.Root>
        )}
        {view.phase === 'ready' && form && !view.isCurrentYear && (
          <Stack gap="5">
            <CopyNotice view={view} />
            <Button
              colorPalette="brand"
              alignSelf="flex-start"
              onClick={() => actor.send({ type: 'myForm.askCopy' })}
              disabled={!view.canCopy}
              loading={view.copying}
              loadingText={t('my_form.copying')}
              data-testid="update-data-copy"
            >
              {t('update_data.copy')}
            </Button>
            <Heading as="h2" size="lg">
              {t('update_data.last_form', { year: view.year })}
            </Heading>
            <FormSummary steps={formSummary(form)} />
          </Stack>
        )}
      </Stack>
      {modal}
    </Container>
  );
}
