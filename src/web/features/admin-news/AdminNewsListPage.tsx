// /admin/news: every post of a type with its status (draft, scheduled, published), newest
// first, paged and filtered (type, status) by the list machine with the admin's list call; a post opens in the
// editor.
import { Badge, Button, chakra, Container, Heading, HStack, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { provideList } from '../../../../machines/list/listMachine';
import { newsActors, type Post, type PostStatusFilter, type Typepost } from '../../../../machines/news/actors';
import { resolveLanguage } from '../../../domain/language';
import { dateTimeFormat } from '../../../domain/intlFormat';
import { ListTable, listTexts } from '../../components/ListTable';
import { useList } from '../../components/useList';
import { OptionSelect, optionsOf } from '../../components/OptionSelect';
import { PostKindButtons } from '../../components/PostKindButtons';

const TYPES: Typepost[] = ['blog', 'insight', 'news'];
const STATUSES: PostStatusFilter[] = ['all', 'published', 'scheduled', 'draft'];
const STATUS_COLOR = { draft: 'gray', scheduled: 'orange', published: 'green' } as const;

export default function AdminNewsListPage() {
  const { t, i18n } = useTranslation();
  const language = resolveLanguage(i18n.language);
  const { view, send } = useList<Post>(() => provideList(newsActors().loadAdminPage), { limit: 20, filters: { typepost: 'blog' } });
  const typepost = view.filters.typepost ?? 'blog';
  const date = (iso: string) => dateTimeFormat(language === 'es' ? 'es-ES' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const filters = (
    <HStack gap="4" wrap="wrap" align="flex-end">
      <PostKindButtons
        kinds={TYPES}
        selected={typepost}
        onSelect={(kind) => send({ type: 'list.filter', name: 'typepost', value: kind })}
        testIdPrefix="admin-news-kind"
      />
      <Stack gap="1">
        <chakra.label htmlFor="admin-news-status" fontSize="sm" color="fg.muted">
          {t('admin_news.list.status_filter')}
        </chakra.label>
        {/* "All" is no status filter. */}
        <OptionSelect
          root={{ size: 'sm', width: '48' }}
          id="admin-news-status"
          value={view.filters.status ?? 'all'}
          onChange={(event) => send({ type: 'list.filter', name: 'status', value: event.currentTarget.value === 'all' ? '' : event.currentTarget.value })}
          options={optionsOf(STATUSES, (value) => (value === 'all' ? t('admin_news.list.all') : t(`admin_news.status.${value}`)))}
        />
      </Stack>
    </HStack>
  );

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
        <ListTable
          view={view}
          send={send}
          testId="admin-news"
          texts={listTexts(t, 'admin_news.list')}
          filters={filters}
          rowKey={(post) => post.id}
          rowProps={(post) => ({ 'data-testid': 'admin-news-row', 'data-status': post.status })}
          columns={[
            {
              key: 'title',
              header: t('admin_news.list.col_title'),
              cell: (post) => (
                <Link asChild fontWeight="semibold">
                  <RouterLink to={`/admin/news/${post.id}`} aria-label={t('admin_news.list.edit', { title: post.title })}>
                    {post.title}
                  </RouterLink>
                </Link>
              ),
            },
            { key: 'language', header: t('admin_news.list.col_language'), cell: (post) => t(`news.languages.${post.language}`) },
            {
              key: 'status',
              header: t('admin_news.list.col_status'),
              cell: (post) => <Badge colorPalette={STATUS_COLOR[post.status]}>{t(`admin_news.status.${post.status}`)}</Badge>,
            },
            { key: 'date', header: t('admin_news.list.col_date'), cell: (post) => date(post.publishedAt) },
          ]}
        />
      </Stack>
    </Container>
  );
}
