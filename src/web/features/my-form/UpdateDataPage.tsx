// update-data (signed in): the yearly update. Explains it, shows last year's answers and copies them into this
// survey year (POST forms/copy behind the confirm modal of type copy), then opens the copy in the editor.
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formSummary } from '../../../../machines/myForm/viewModel';
import { currentYear } from '../../../domain/constants';
import { FormSummary } from '../../components/FormSummary';
import { CopyButton, CopyNotice, ForSignedInPerson, MyFormFrame } from './MyFormPage';
import { useMyForm } from './useMyForm';
import { PageHeading } from '../../components/PageIntro';

export default function UpdateDataPage() {
  return <ForSignedInPerson page={UpdateData} />;
}

function UpdateData({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const flow = useMyForm(userId);
  const { view, form } = flow;
  const year = currentYear();
  return (
    <MyFormFrame
      testId="update-data-page"
      heading={<PageHeading gap="2" title={t('update_data.title', { year })} intro={t('update_data.intro')} introProps={{ maxW: '3xl' }} />}
      flow={flow}
    >
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
          <CopyButton flow={flow} alignSelf="flex-start" data-testid="update-data-copy">
            {t('update_data.copy')}
          </CopyButton>
          <Heading as="h2" size="lg">
            {t('update_data.last_form', { year: view.year })}
          </Heading>
          <FormSummary steps={formSummary(form)} />
        </Stack>
      )}
    </MyFormFrame>
  );
}
