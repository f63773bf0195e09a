// /admin/news (issue 16, item 3): every post of a type with its status (draft, scheduled, published), newest
// first, paged by the paged-list machine with the admin's list call; a post opens in the editor.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, chakra, Container, Heading, HStack, Link, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { providePagedList } from '../../../../machines/pagedList/pagedListMachine';
import { pagedListView, samePagedListView } from '../../../../machines/pagedList/viewModel';
import { newsActors, type Post, type PostStatusFilter, type Typepost } from '../../../../machines/news/actors';
import { resolveLanguage } from '../../../domain/language';
import { useNotifyFailure } from '../../app/session';
import { inspect } from '../../app/inspector';
import { dateTimeFormat } from '../../../domain/intlFormat';
import { ScrollRegion } from '../../components/ScrollRegion';

const TYPES: Typepost[] = ['blog', 'insight', 'news'];
const STATUSES: PostStatusFilter[] = ['all', 'published', 'scheduled', 'draft'];
const STATUS_COLOR = { draft: 'gray', scheduled: 'orange', published: 'green' } as const;

export default function AdminNewsListPage() {
  const { t } = useTranslation();
  const [typepost, setTypepost] = useState<Typepost>('blog');
  const [status, setStatus] = useState<PostStatusFilter>('all');
  return (
    <Container maxW="6xl" py="8">
      <Stack gap="5">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            {t('admin_news.list.title')}
          </Heading>
          <Button asChild colorPalette="brand" data-testid="admin-news-new">
            <RouterLink to="/admin/news/new">{t('admin_news.list.new')}</RouterLink>
          </Button>
        </HStack>
        <HStack gap="4" wrap="wrap" align="flex-end">
          <HStack role="group" aria-label={t('news.list.kind')} gap="2">
            {TYPES.map((kind) => (
              <Button key={kind} size="sm" variant={kind === typepost ? 'solid' : 'outline'} aria-pressed={kind === typepost} onClick={() => setTypepost(kind)} data-testid={`admin-news-kind-${kind}`}>
                {t(`news.types.${kind}`)}
              </Button>
            ))}
          </HStack>
          <Stack gap="1">
            <chakra.label htmlFor="admin-news-status" fontSize="sm" color="fg.muted">
              {t('admin_news.list.status_filter')}
            </chakra.label>
            <NativeSelect.Root size="sm" width="48">
              <NativeSelect.Field id="admin-news-status" value={status} onChange={(event) => setStatus(event.currentTarget.value as PostStatusFilter)}>
                {STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {value === 'all' ? t('admin_news.list.all') : t(`admin_news.status.${value}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
        </HStack>
        <AdminPostTable key={`${typepost}-${status}`} typepost={typepost} status={status} />
      </Stack>
    </Container>
  );
}

function AdminPostTable({ typepost, status }: { typepost: Typepost; status: PostStatusFilter }) {
  const { t, i18n } = useTranslation();
  const language = resolveLanguage(i18n.language);
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => providePagedList(newsActors().loadAdminPage(typepost, status)));
  const list = useActorRef(machine, { input: { limit: 20 }, inspect });
  const view = useSelector(list, (snapshot) => pagedListView<Post>(snapshot), samePagedListView);
  useEffect(() => {
    const subscription = list.on('list.failed', ({ failure }) => notifyFailure(failure));
    return () => subscription.unsubscribe();
  }, [list, notifyFailure]);
  const date = (iso: string) => dateTimeFormat(language === 'es' ? 'es-ES' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  if (view.status === 'loading' && view.items.length === 0) return <Skeleton height="48" rounded="md" />;
  if (view.status === 'failed') {
    return (
      <Alert.Root status="error" alignItems="center">
        <Alert.Indicator />
        <Alert.Title flex="1">{t('admin_news.list.unavailable')}</Alert.Title>
        <Button size="sm" variant="outline" onClick={() => list.send({ type: 'list.retry' })}>
          {t('admin_news.list.retry')}
        </Button>
      </Alert.Root>
    );
  }
  if (view.status === 'empty') return <Text color="fg.muted">{t('admin_news.list.empty')}</Text>;
  return (
    <Stack gap="3" aria-busy={view.loading}>
      <ScrollRegion label={t('sections.admin_news')} borderWidth="1px" rounded="md">
        <Table.Root size="sm" data-testid="admin-news-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('admin_news.list.col_title')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_news.list.col_language')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_news.list.col_status')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_news.list.col_date')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {view.items.map((post) => (
              <Table.Row key={post.id} data-testid="admin-news-row" data-status={post.status}>
                <Table.Cell>
                  <Link asChild fontWeight="semibold">
                    <RouterLink to={`/admin/news/${post.id}`} aria-label={t('admin_news.list.edit', { title: post.title })}>
                      {post.title}
                    </RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>{t(`news.languages.${post.language}`)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATUS_COLOR[post.status]}>{t(`admin_news.status.${post.status}`)}</Badge>
                </Table.Cell>
                <Table.Cell>{date(post.publishedAt)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollRegion>
      {view.pages > 1 && (
        <HStack justify="center" gap="3">
          <Button size="sm" variant="outline" disabled={!view.canGoBack} onClick={() => list.send({ type: 'list.goToPage', page: view.page - 1 })}>
            {t('news.list.previous')}
          </Button>
          <Text fontSize="sm">{t('news.list.page_of', { page: view.page, pages: view.pages })}</Text>
          <Button size="sm" variant="outline" disabled={!view.canGoForward} onClick={() => list.send({ type: 'list.goToPage', page: view.page + 1 })}>
            {t('news.list.next')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
