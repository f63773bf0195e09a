// The corporate plan request (custom pricing): company, name, optional phone and a message, sent to the
// administrators (machines/corporateContact). Errors are translated per field; nothing typed is lost.
import { Alert, Box, Button, Field, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { ContactField, CorporateContactMachine } from '../../../../machines/corporateContact/corporateContactMachine';
import { corporateContactView } from '../../../../machines/corporateContact/viewModel';
import { ActionAlert } from '../ActionAlert';

export type ContactActor = ActorRefFrom<CorporateContactMachine>;

export function CorporateContactForm({ actor }: { actor: ContactActor }) {
  const { t } = useTranslation();
  const view = useSelector(actor, corporateContactView);
  const set = (field: ContactField) => (event: { target: { value: string } }) => actor.send({ type: 'contact.set', field, value: event.target.value });
  const field = (name: ContactField, label: string, multiline = false) => (
    <Field.Root invalid={Boolean(view.errors[name])} required={name !== 'phone'}>
      <Field.Label>{label}</Field.Label>
      {multiline ? (
        <Textarea value={view.values[name]} onChange={set(name)} rows={4} data-testid={`contact-${name}`} />
      ) : (
        <Input value={view.values[name]} onChange={set(name)} type={name === 'phone' ? 'tel' : 'text'} data-testid={`contact-${name}`} />
      )}
      {view.errors[name] && <Field.ErrorText>{t(view.errors[name])}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <Box as="section" borderWidth="1px" rounded="lg" p="5" bg="bg" data-testid="corporate-contact" aria-labelledby="corporate-contact-title">
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h3" size="md" id="corporate-contact-title">
            {t('payments.contact.title')}
          </Heading>
          <Text color="fg.muted">{t('payments.contact.text')}</Text>
        </Stack>
        {view.status === 'sent' ? (
          <ActionAlert
            status="success"
            data-testid="contact-sent"
            description={t('payments.contact.sent')}
            action={{ label: t('payments.contact.again'), size: 'xs', variant: 'ghost', onClick: () => actor.send({ type: 'contact.again' }) }}
          />
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'contact.submit' });
            }}
          >
            <Stack gap="3">
              {field('company', t('payments.contact.company'))}
              {field('name', t('payments.contact.name'))}
              {field('phone', t('payments.contact.phone'))}
              {field('message', t('payments.contact.message'), true)}
              {view.failed && (
                <Alert.Root status="error" data-testid="contact-failed">
                  <Alert.Indicator />
                  <Alert.Description>{t('payments.contact.failed')}</Alert.Description>
                </Alert.Root>
              )}
              <Box>
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={view.status === 'sending'}
                  loadingText={t('payments.contact.sending')}
                  data-testid="contact-submit"
                >
                  {t('payments.contact.submit')}
                </Button>
              </Box>
            </Stack>
          </form>
        )}
      </Stack>
    </Box>
  );
}
