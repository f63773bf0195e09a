// Composing and sending an issue on /admin/newsletters (machines/newsletterAdmin/issueMachine): published posts
// of a language, subject and intro, a preview of the e-mail with its audience, then the sending's progress.
import { Alert, Box, Button, Checkbox, Field, HStack, Input, Progress, Stack, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { IssueMachine } from '../../../../machines/newsletterAdmin/issueMachine';
import { issueView } from '../../../../machines/newsletterAdmin/viewModel';
import { ActionAlert } from '../../components/ActionAlert';
import { OptionSelect } from '../../components/OptionSelect';

export function ComposePanel({ actor }: { actor: ActorRefFrom<IssueMachine> }) {
  const { t, i18n } = useTranslation();
  const view = useSelector(actor, issueView);
  const editable = view.status === 'composing';
  const failure = view.failed && view.status !== 'sending' && (
    <Alert.Root status="error" data-testid="issue-failed">
      <Alert.Indicator />
      <Alert.Description>
        {t(view.failureCode === 'NEWSLETTER_POST_UNAVAILABLE' ? 'admin_newsletters.compose.post_unavailable' : 'admin_newsletters.compose.failed')}
      </Alert.Description>
    </Alert.Root>
  );

  if (view.status === 'loading') return <Text color="fg.muted">{t('admin_newsletters.loading')}</Text>;
  if (view.status === 'failed') {
    return (
      <ActionAlert
        status="error"
        description={t('admin_newsletters.compose.posts_failed')}
        action={{ label: t('admin_newsletters.retry'), size: 'xs', variant: 'outline', onClick: () => actor.send({ type: 'issue.retry' }) }}
      />
    );
  }

  if (view.status === 'starting' || view.status === 'sending' || view.status === 'sent') {
    const d = view.issue?.deliveries;
    return (
      <Stack gap="4" data-testid="issue-progress" data-status={view.status}>
        <Text fontWeight="semibold">{view.issue?.subject ?? view.subject}</Text>
        <Progress.Root value={view.progress} max={100} aria-label={t('admin_newsletters.compose.progress')}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text data-testid="issue-counts">
          {t(view.status === 'sent' ? 'admin_newsletters.compose.sent' : 'admin_newsletters.compose.sending', {
            sent: d?.sent ?? 0,
            total: d?.total ?? 0,
            failed: d?.failed ?? 0,
            skipped: d?.skipped ?? 0,
          })}
        </Text>
        {view.status === 'sent' && (
          <Box>
            <Button size="sm" onClick={() => actor.send({ type: 'issue.new' })} data-testid="issue-new">
              {t('admin_newsletters.compose.new')}
            </Button>
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="5" data-testid="compose-panel" data-status={view.status}>
      <Field.Root>
        <Field.Label>{t('admin_newsletters.compose.language')}</Field.Label>
        <OptionSelect
          root={{ size: 'sm', maxW: '48', disabled: !editable }}
          value={view.language}
          onChange={(event) => actor.send({ type: 'issue.language', language: event.target.value === 'en' ? 'en' : 'es' })}
          data-testid="issue-language"
          options={[
            { value: 'es', label: t('admin_newsletters.values.es') },
            { value: 'en', label: t('admin_newsletters.values.en') },
          ]}
        />
      </Field.Root>
      <Field.Root invalid={Boolean(view.errors.subject)} required>
        <Field.Label>{t('admin_newsletters.compose.subject')}</Field.Label>
        <Input
          value={view.subject}
          readOnly={!editable}
          onChange={(event) => actor.send({ type: 'issue.set', field: 'subject', value: event.target.value })}
          data-testid="issue-subject"
        />
        {view.errors.subject && <Field.ErrorText>{t(view.errors.subject)}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={Boolean(view.errors.intro)}>
        <Field.Label>{t('admin_newsletters.compose.intro')}</Field.Label>
        <Textarea
          rows={4}
          value={view.intro}
          readOnly={!editable}
          onChange={(event) => actor.send({ type: 'issue.set', field: 'intro', value: event.target.value })}
          data-testid="issue-intro"
        />
        {view.errors.intro && <Field.ErrorText>{t(view.errors.intro)}</Field.ErrorText>}
      </Field.Root>
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontWeight="semibold">
          {t('admin_newsletters.compose.posts')}
        </Text>
        {view.posts.length === 0 && <Text color="fg.muted">{t('admin_newsletters.compose.no_posts')}</Text>}
        {view.posts.map((post) => (
          <Checkbox.Root
            key={post.id}
            checked={view.selected.includes(post.id)}
            disabled={!editable}
            onCheckedChange={() => actor.send({ type: 'issue.togglePost', postId: post.id })}
            data-testid="issue-post"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {post.title}{' '}
              <Text as="span" color="fg.muted" fontSize="sm">
                ({t(`admin_newsletters.post_kinds.${post.typepost}`, { defaultValue: post.typepost })},{' '}
                {new Date(post.publishedAt).toLocaleDateString(i18n.language)})
              </Text>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
        {view.errors.posts && (
          <Text color="fg.error" fontSize="sm">
            {t(view.errors.posts)}
          </Text>
        )}
      </Stack>
      {failure}
      {view.status === 'preview' && view.preview ? (
        <Stack gap="3" data-testid="issue-preview">
          <Text fontWeight="semibold">{t('admin_newsletters.compose.recipients', { count: view.preview.recipients })}</Text>
          <Box borderWidth="1px" rounded="md" overflow="hidden">
            <iframe
              title={t('admin_newsletters.compose.preview_title')}
              srcDoc={view.preview.html}
              sandbox=""
              style={{ width: '100%', height: 420, border: 0, background: 'white' }}
            />
          </Box>
          <HStack>
            <Button variant="outline" onClick={() => actor.send({ type: 'issue.edit' })}>
              {t('admin_newsletters.compose.edit')}
            </Button>
            <Button colorPalette="brand" onClick={() => actor.send({ type: 'issue.send' })} disabled={view.preview.recipients === 0} data-testid="issue-send">
              {t('admin_newsletters.compose.send', { count: view.preview.recipients })}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Box>
          <Button
            colorPalette="brand"
            onClick={() => actor.send({ type: 'issue.preview' })}
            loading={view.status === 'previewing'}
            data-testid="issue-preview-button"
          >
            {t('admin_newsletters.compose.preview')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
