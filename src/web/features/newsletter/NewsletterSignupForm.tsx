// The newsletter sign-up form (machines/newsletterSignup), loaded when the visitor opens it in the footer: its
// texts live in the page texts, fetched before it renders. Double opt-in: the answer is "check your inbox".
import { use, useEffect, useState } from 'react';
import { Alert, Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { newsletterSignupMachine, type NewsletterKind, type SignupField } from '../../../../machines/newsletterSignup/newsletterSignupMachine';
import { newsletterSignupActors } from '../../../../machines/newsletterSignup/actors';
import { newsletterSignupView } from '../../../../machines/newsletterSignup/viewModel';
import { completeTranslations } from '../../kernel/i18n';
import { inspect } from '../../kernel/inspector';
import { resolveLanguage } from '../../../domain/language';
import { OptionSelect } from '../../components/OptionSelect';

export default function NewsletterSignupForm({ source }: { source: 'footer' | 'page' }) {
  const { t, i18n } = useTranslation();
  use(completeTranslations(i18n));
  const language = resolveLanguage(i18n.language);
  const [machine] = useState(() => newsletterSignupMachine.provide({ actors: newsletterSignupActors() }));
  const actor = useActorRef(machine, { input: { language, source }, inspect });
  const view = useSelector(actor, newsletterSignupView);
  useEffect(() => actor.send({ type: 'signup.language', language }), [actor, language]);

  const set = (field: SignupField) => (event: { target: { value: string } }) => actor.send({ type: 'signup.set', field, value: event.target.value });
  const field = (name: SignupField, type = 'text') => (
    <Field.Root invalid={Boolean(view.errors[name])} required={name === 'email' || (name === 'company' && view.kind === 'professionalUser')}>
      <Field.Label fontSize="sm">{t(`newsletter.fields.${name}`)}</Field.Label>
      <Input
        size="sm"
        bg="bg"
        type={type}
        value={view.values[name]}
        onChange={set(name)}
        autoComplete={name === 'email' ? 'email' : undefined}
        data-testid={`newsletter-${name}`}
      />
      {view.errors[name] && <Field.ErrorText>{t(view.errors[name])}</Field.ErrorText>}
    </Field.Root>
  );

  if (view.status === 'sent') {
    return (
      <Alert.Root status="success" data-testid="newsletter-sent">
        <Alert.Indicator />
        <Stack gap="2" flex="1">
          <Alert.Description>{t('newsletter.sent', { email: view.sentTo ?? '' })}</Alert.Description>
          <Box>
            <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'signup.again' })}>
              {t('newsletter.again')}
            </Button>
          </Box>
        </Stack>
      </Alert.Root>
    );
  }

  return (
    <form
      noValidate
      aria-label={t('newsletter.form_label')}
      data-testid="newsletter-form"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'signup.submit' });
      }}
    >
      <Stack gap="3">
        {field('email', 'email')}
        <Field.Root>
          <Field.Label fontSize="sm">{t('newsletter.fields.kind')}</Field.Label>
          <OptionSelect
            root={{ size: 'sm' }}
            bg="bg"
            value={view.kind}
            onChange={(event) => actor.send({ type: 'signup.kind', kind: event.target.value as NewsletterKind })}
            data-testid="newsletter-kind"
            options={[
              { value: 'standartUser', label: t('newsletter.kinds.standartUser') },
              { value: 'professionalUser', label: t('newsletter.kinds.professionalUser') },
            ]}
          />
        </Field.Root>
        {field('name')}
        {view.kind === 'professionalUser' && (
          <>
            {field('company')}
            {field('position')}
          </>
        )}
        {view.failed && (
          <Alert.Root status="error" data-testid="newsletter-failed">
            <Alert.Indicator />
            <Alert.Description>{t(view.failureCode === 'RATE_LIMITED' ? 'newsletter.rate_limited' : 'newsletter.failed')}</Alert.Description>
          </Alert.Root>
        )}
        <Text fontSize="xs" color="fg.muted">
          {t('newsletter.consent')}
        </Text>
        <HStack>
          <Button
            type="submit"
            size="sm"
            colorPalette="brand"
            loading={view.status === 'submitting'}
            loadingText={t('newsletter.submitting')}
            data-testid="newsletter-submit"
          >
            {t('newsletter.submit')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
