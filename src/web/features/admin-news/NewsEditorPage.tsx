// /admin/news/new and /admin/news/{id}: the post form beside its live preview (rendered
// and sanitised by the server), the cover upload, and save as draft / publish / schedule / unpublish / delete
// (behind the confirm modal). The editor machine (machines/newsEditor) runs the flow; this view renders it.
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  chakra,
  Container,
  Field,
  Grid,
  Heading,
  HStack,
  Image,
  Input,
  Link,
  List,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { newsEditorMachine, IMAGE_TYPES, type EditorDraft, type SaveStatus } from '../../../../machines/newsEditor/newsEditorMachine';
import { newsEditorView, sameNewsEditorView } from '../../../../machines/newsEditor/viewModel';
import { newsActors } from '../../../../machines/news/actors';
import { resolveLanguage } from '../../../domain/language';
import { coverImageProblem } from '../../../domain/coverImage';
import type { CallFailure } from '../../../api/client';
import { useNotifyFailure } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';
import { ConfirmModal } from '../../components/ConfirmModal';
import { RetryAlert } from '../../components/ActionAlert';
import { OptionSelect, optionsOf } from '../../components/OptionSelect';

export default function NewsEditorPage() {
  const { id } = useParams();
  // Another post is another editor.
  return <NewsEditor key={id ?? 'new'} postId={id ?? null} />;
}

const STATUS_COLOR = { draft: 'gray', scheduled: 'orange', published: 'green' } as const;

/** The server refused the post for its cover address (its own check, or the contract's pattern on imageUrl). */
function refusesCover(failure: CallFailure): boolean {
  if (failure.errorCode === 'COVER_IMAGE_URL') return true;
  const problems = (failure.body as { error?: unknown } | null)?.error;
  return failure.errorCode === 'VALIDATION_ERROR' && Array.isArray(problems) && problems.some((line) => String(line).startsWith('body.imageUrl'));
}

function NewsEditor({ postId }: { postId: string | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => {
    const actors = newsActors();
    return newsEditorMachine.provide({
      actors: {
        loadForEditing: actors.loadForEditing,
        savePost: actors.savePost,
        deletePost: actors.deletePost,
        renderPreview: actors.renderPreview,
        uploadImage: actors.uploadImage,
      },
    });
  });
  const editor = useActorRef(machine, { input: { postId, language: resolveLanguage(i18n.language) }, inspect });
  const view = useSelector(editor, newsEditorView, sameNewsEditorView);
  const confirm = useSelector(editor, (s) => s.children.confirm);
  const fileInput = useRef<HTMLInputElement>(null);
  // The cover address the server last refused: the form says why beside the cover until it changes.
  const [refusedCover, setRefusedCover] = useState<string | null>(null);

  useEffect(() => {
    const subscriptions = [
      editor.on('editor.failed', ({ failure }) => {
        if (refusesCover(failure)) setRefusedCover(editor.getSnapshot().context.draft.imageUrl);
        notifyFailure(failure);
      }),
      editor.on('editor.deleted', () => void navigate('/admin/news', { replace: true })),
      // A new post gets its address once it exists.
      editor.on('editor.saved', ({ post, created }) => {
        if (created) navigate(`/admin/news/${post.id}`, { replace: true });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [editor, navigate, notifyFailure]);

  const edit = (patch: Partial<EditorDraft>) => editor.send({ type: 'editor.edit', patch });
  const save = (status: SaveStatus) => editor.send({ type: 'editor.save', status });

  if (view.phase === 'loading') {
    return (
      <Container maxW="6xl" py="10">
        <Spinner />
      </Container>
    );
  }
  if (view.phase === 'loadFailed') {
    return (
      <Container maxW="6xl" py="10">
        <RetryAlert
          data-testid="editor-load-failed"
          message={t('admin_news.editor.load_failed')}
          retry={t('admin_news.editor.retry')}
          onRetry={() => editor.send({ type: 'editor.retry' })}
          canRetry={view.canRetry}
        />
      </Container>
    );
  }

  const { draft, saved } = view;
  const busy = view.phase !== 'editing';
  const problemOf = (key: string) => view.problems.find((problem) => problem === key);
  // Only an uploaded image or an https: address of a public host (a post stored before the rule may hold another):
  // a refused address is neither shown nor saved.
  const coverRefused = Boolean(draft.imageUrl) && (coverImageProblem(draft.imageUrl) !== null || draft.imageUrl === refusedCover);
  const canSave = view.canSave && !coverRefused;
  return (
    <Container maxW="7xl" py="8">
      <Stack gap="5">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="1">
            <Link asChild fontSize="sm" color="fg.muted">
              <RouterLink to="/admin/news">{t('admin_news.editor.back')}</RouterLink>
            </Link>
            <Heading as="h1" size="2xl">
              {t(saved ? 'admin_news.editor.title_edit' : 'admin_news.editor.title_new')}
            </Heading>
          </Stack>
          <HStack gap="3">
            {saved && (
              <Badge colorPalette={STATUS_COLOR[saved.status]} size="lg" data-testid="editor-status" data-status={saved.status}>
                {t('admin_news.editor.current_status', { status: t(`admin_news.status.${saved.status}`) })}
              </Badge>
            )}
            {saved && saved.status !== 'draft' && (
              <Link href={`/post-detail/${saved.slug}`} target="_blank" rel="noopener" data-testid="editor-view-post">
                {t('admin_news.editor.view_post')}
              </Link>
            )}
          </HStack>
        </HStack>

        {view.problems.length > 0 && (
          <Alert.Root status="warning" data-testid="editor-problems">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('admin_news.editor.problems_title')}</Alert.Title>
              <List.Root ps="4">
                {view.problems.map((problem) => (
                  <List.Item key={problem}>{t(`admin_news.editor.problems.${problem}`)}</List.Item>
                ))}
              </List.Root>
            </Alert.Content>
          </Alert.Root>
        )}

        <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6" alignItems="start">
          <Stack gap="4" as="form" onSubmit={(event) => event.preventDefault()} aria-label={t('admin_news.editor.title_edit')}>
            <Field.Root required invalid={Boolean(problemOf('title_required') || problemOf('title_too_long'))}>
              <Field.Label>{t('admin_news.editor.field_title')}</Field.Label>
              <Input value={draft.title} maxLength={200} onChange={(event) => edit({ title: event.currentTarget.value })} data-testid="editor-title" />
            </Field.Root>
            <Field.Root invalid={Boolean(problemOf('summary_too_long'))}>
              <Field.Label>{t('admin_news.editor.field_summary')}</Field.Label>
              <Textarea
                value={draft.summary}
                rows={2}
                maxLength={1000}
                onChange={(event) => edit({ summary: event.currentTarget.value })}
                data-testid="editor-summary"
              />
              <Field.HelperText>{t('admin_news.editor.summary_help')}</Field.HelperText>
            </Field.Root>
            <HStack gap="4" align="flex-start" wrap="wrap">
              <Field.Root width="auto">
                <Field.Label>{t('admin_news.editor.field_typepost')}</Field.Label>
                <OptionSelect
                  root={{ size: 'sm', width: '40' }}
                  value={draft.typepost}
                  onChange={(event) => edit({ typepost: event.currentTarget.value as EditorDraft['typepost'] })}
                  data-testid="editor-typepost"
                  options={optionsOf(['blog', 'insight', 'news'] as const, (kind) => t(`news.types.${kind}`))}
                />
              </Field.Root>
              <Field.Root width="auto">
                <Field.Label>{t('admin_news.editor.field_language')}</Field.Label>
                <OptionSelect
                  root={{ size: 'sm', width: '40' }}
                  value={draft.language}
                  onChange={(event) => edit({ language: event.currentTarget.value as EditorDraft['language'] })}
                  data-testid="editor-language"
                  options={[
                    { value: 'es', label: t('news.languages.es') },
                    { value: 'en', label: t('news.languages.en') },
                  ]}
                />
              </Field.Root>
            </HStack>
            <Field.Root invalid={Boolean(problemOf('category_format'))}>
              <Field.Label>{t('admin_news.editor.field_categories')}</Field.Label>
              <Input value={draft.categoriesText} onChange={(event) => edit({ categoriesText: event.currentTarget.value })} data-testid="editor-categories" />
              <Field.HelperText>{t('admin_news.editor.categories_help')}</Field.HelperText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('admin_news.editor.field_author')}</Field.Label>
              <Input value={draft.author} maxLength={200} onChange={(event) => edit({ author: event.currentTarget.value })} data-testid="editor-author" />
              <Field.HelperText>{t('admin_news.editor.author_help')}</Field.HelperText>
            </Field.Root>
            <Field.Root invalid={Boolean(problemOf('schedule_date'))}>
              <Field.Label>{t('admin_news.editor.field_publish_at')}</Field.Label>
              <Input
                type="datetime-local"
                value={draft.publishAt}
                onChange={(event) => edit({ publishAt: event.currentTarget.value })}
                data-testid="editor-publish-at"
                width="64"
              />
              <Field.HelperText>{t('admin_news.editor.publish_at_help')}</Field.HelperText>
            </Field.Root>
            <Field.Root invalid={coverRefused}>
              <Field.Label>{t('admin_news.editor.field_cover')}</Field.Label>
              <Stack gap="2">
                {draft.imageUrl && !coverRefused && (
                  <Image src={draft.imageUrl} alt={t('admin_news.editor.cover_alt')} maxH="40" objectFit="cover" rounded="md" data-testid="editor-cover" />
                )}
                <HStack gap="3">
                  <chakra.input
                    ref={fileInput}
                    type="file"
                    accept={IMAGE_TYPES.join(',')}
                    srOnly
                    tabIndex={-1}
                    aria-label={t('admin_news.editor.cover_choose')}
                    data-testid="editor-cover-input"
                    onChange={(event) => {
                      const file = event.currentTarget.files?.[0];
                      if (file) editor.send({ type: 'editor.uploadImage', file });
                      event.currentTarget.value = '';
                    }}
                  />
                  <Button
                    size="sm"
                    variant="outline"
                    loading={view.uploading}
                    loadingText={t('admin_news.editor.cover_uploading')}
                    onClick={() => fileInput.current?.click()}
                  >
                    {t('admin_news.editor.cover_choose')}
                  </Button>
                  {draft.imageUrl && (
                    <Button size="sm" variant="ghost" onClick={() => editor.send({ type: 'editor.removeImage' })} disabled={view.uploading}>
                      {t('admin_news.editor.cover_remove')}
                    </Button>
                  )}
                </HStack>
                <Text
                  fontSize="sm"
                  color={coverRefused || view.imageProblem ? 'fg.error' : 'fg.muted'}
                  data-testid="editor-cover-help"
                  data-refused={coverRefused || undefined}
                >
                  {coverRefused
                    ? t('admin_news.editor.image_problems.url_refused')
                    : view.imageProblem
                      ? t(`admin_news.editor.image_problems.${view.imageProblem}`)
                      : t('admin_news.editor.cover_help')}
                </Text>
              </Stack>
            </Field.Root>
            <Field.Root required invalid={Boolean(problemOf('body_required'))}>
              <Field.Label>{t('admin_news.editor.field_body')}</Field.Label>
              <Textarea
                value={draft.body}
                rows={18}
                fontFamily="mono"
                fontSize="sm"
                onChange={(event) => edit({ body: event.currentTarget.value })}
                data-testid="editor-body"
              />
              <Field.HelperText>{t('admin_news.editor.body_help')}</Field.HelperText>
            </Field.Root>
          </Stack>

          <Stack gap="2" position={{ lg: 'sticky' }} top={{ lg: '4' }}>
            <HStack justify="space-between">
              <Heading as="h2" size="md">
                {t('admin_news.editor.preview')}
              </Heading>
              {view.previewPending && (
                <Text fontSize="sm" color="fg.muted" aria-live="polite">
                  {t('admin_news.editor.preview_pending')}
                </Text>
              )}
            </HStack>
            {view.previewFailed && (
              <Text fontSize="sm" color="fg.error">
                {t('admin_news.editor.preview_failed')}
              </Text>
            )}
            {/* Not dimmed while it updates: faded text falls under WCAG's contrast ratio ("Actualizando…" says it). */}
            <Box borderWidth="1px" rounded="md" p="4" minH="64" maxH="70vh" overflowY="auto" aria-busy={view.previewPending} data-testid="editor-preview">
              {view.previewHtml ? <PreviewHtml html={view.previewHtml} /> : <Text color="fg.muted">{t('admin_news.editor.preview_empty')}</Text>}
            </Box>
          </Stack>
        </Grid>

        <HStack gap="3" wrap="wrap" borderTopWidth="1px" pt="4" data-testid="editor-actions">
          <Button variant="outline" onClick={() => save('draft')} disabled={!canSave} data-testid="editor-save-draft">
            {saved && saved.status !== 'draft' ? t('admin_news.editor.unpublish') : t('admin_news.editor.save_draft')}
          </Button>
          <Button colorPalette="brand" onClick={() => save('published')} disabled={!canSave} data-testid="editor-publish">
            {t('admin_news.editor.publish')}
          </Button>
          <Button variant="outline" onClick={() => save('scheduled')} disabled={!canSave} data-testid="editor-schedule">
            {t('admin_news.editor.schedule')}
          </Button>
          <Button
            variant="ghost"
            colorPalette="red"
            onClick={() => editor.send({ type: 'editor.delete' })}
            disabled={!view.canDelete}
            data-testid="editor-delete"
          >
            {t('admin_news.editor.delete')}
          </Button>
          <Text fontSize="sm" aria-live="polite" data-testid="editor-save-state" color={view.saveFailed ? 'fg.error' : 'fg.muted'}>
            {view.saving
              ? t('admin_news.editor.saving')
              : view.saveFailed
                ? t('admin_news.editor.save_failed')
                : view.justSaved
                  ? t('admin_news.editor.saved')
                  : view.unsaved
                    ? t('admin_news.editor.unsaved')
                    : ''}
          </Text>
        </HStack>
      </Stack>
      {confirm && (
        <ConfirmModal actor={confirm} busy={busy && view.phase === 'deleting'} onAnswer={(confirmed) => editor.send({ type: 'editor.answer', confirmed })} />
      )}
    </Container>
  );
}

/** The preview as the server rendered and sanitised it (POST news/preview uses the post page's rules). */
function PreviewHtml({ html }: { html: string }) {
  return (
    <Box
      lineHeight="tall"
      css={{
        '& h1, & h2, & h3': { fontWeight: 'semibold', mt: '4', mb: '2' },
        '& h1': { fontSize: 'xl' },
        '& h2': { fontSize: 'lg' },
        '& p': { my: '2' },
        '& ul': { listStyleType: 'disc', ps: '6' },
        '& ol': { listStyleType: 'decimal', ps: '6' },
        '& a': { textDecoration: 'underline' },
        '& img': { maxW: '100%' },
        '& blockquote': { borderStartWidth: '4px', ps: '3', color: 'fg.muted' },
        '& code': { fontFamily: 'mono', bg: 'bg.muted', px: '1' },
      }}
      // Sanitised on the server (services/newsMarkdown.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
