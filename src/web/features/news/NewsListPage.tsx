// /blog and /insights: post cards of one type, a page at a time, filtered by category
// (with their post counts) and by language, starting on the reader's. /blog also shows the news posts under
// a second tab. The list machine (machines/news) decides what is asked and shown; this view renders it.
import { useEffect, useState } from 'react';
import { Badge, Box, Button, Card, chakra, Container, Heading, HStack, Image, Link, SimpleGrid, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { newsListMachine, type NewsLanguage, type NewsTypepost } from '../../../../machines/news/newsListMachine';
import { newsListView, sameNewsListView } from '../../../../machines/news/viewModel';
import { newsActors } from '../../../../machines/news/actors';
import { resolveLanguage } from '../../../domain/language';
import { useNotifyFailure } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';
import type { PageProps } from '../../kernel/lazyPage';
import { categoryName, formatPostDate } from './postFormat';
import { usePageMeta } from './pageMeta';
import { PageHeading } from '../../components/PageIntro';
import { RetryAlert } from '../../components/ActionAlert';
import { OptionSelect } from '../../components/OptionSelect';
import { PostKindButtons } from '../../components/PostKindButtons';
import { PAGE_MAX_W } from '../../kernel/theme';

const PAGE_LIMIT = 9;

export default function NewsListPage({ meta }: PageProps) {
  const { t, i18n } = useTranslation();
  const listType = meta?.typepost ?? 'blog';
  // /blog has two kinds of posts (articles and news); /insights one.
  const kinds: NewsTypepost[] = listType === 'blog' ? ['blog', 'news'] : ['insight'];
  const [typepost, setTypepost] = useState<NewsTypepost>(kinds[0]);
  const language = resolveLanguage(i18n.language);
  usePageMeta({ title: t(`news.types.${listType}`), description: t(`news.intro.${listType}`) }, language);
  return (
    <Container maxW={PAGE_MAX_W} py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <PageHeading gap="2" title={t(`news.types.${listType}`)} intro={t(`news.intro.${typepost}`)}>
          <Link href={`/rss/${typepost}.xml?language=${language}`} fontSize="sm" color="fg.muted" data-testid="news-rss">
            {t('news.list.rss')}
          </Link>
        </PageHeading>
        {kinds.length > 1 && <PostKindButtons kinds={kinds} selected={typepost} onSelect={setTypepost} testIdPrefix="news-kind" />}
        {/* A new kind is a new list: its own pages, categories and filters. */}
        <PostList key={`${typepost}-${language}`} typepost={typepost} language={language} />
      </Stack>
    </Container>
  );
}

function PostList({ typepost, language }: { typepost: NewsTypepost; language: NewsLanguage }) {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => newsListMachine.provide({ actors: { loadPosts: newsActors().loadPosts } }));
  const list = useActorRef(machine, { input: { typepost, language, limit: PAGE_LIMIT }, inspect });
  const view = useSelector(list, newsListView, sameNewsListView);
  useEffect(() => {
    const subscription = list.on('news.failed', ({ failure }) => notifyFailure(failure));
    return () => subscription.unsubscribe();
  }, [list, notifyFailure]);

  return (
    <Stack gap="5">
      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'flex-end' }} justify="space-between">
        <Wrap gap="2" role="group" aria-label={t('news.list.categories')} data-testid="news-categories">
          <Button
            size="xs"
            rounded="full"
            variant={view.category === null ? 'solid' : 'outline'}
            aria-pressed={view.category === null}
            onClick={() => list.send({ type: 'news.filterCategory', category: null })}
          >
            {t('news.list.category_all')}
          </Button>
          {view.categories.map(({ category, count }) => (
            <Button
              key={category}
              size="xs"
              rounded="full"
              variant={view.category === category ? 'solid' : 'outline'}
              aria-pressed={view.category === category}
              onClick={() => list.send({ type: 'news.filterCategory', category })}
              data-testid={`news-category-${category}`}
            >
              {categoryName(t, category)} ({count})
            </Button>
          ))}
        </Wrap>
        <Box minW="48">
          <chakra.label htmlFor="news-language" fontSize="sm" color="fg.muted">
            {t('news.list.language')}
          </chakra.label>
          <OptionSelect
            root={{ size: 'sm' }}
            id="news-language"
            value={view.language ?? ''}
            onChange={(event) => list.send({ type: 'news.filterLanguage', language: (event.currentTarget.value || null) as NewsLanguage | null })}
            data-testid="news-language"
            options={[
              { value: 'es', label: t('news.languages.es') },
              { value: 'en', label: t('news.languages.en') },
              { value: '', label: t('news.list.language_all') },
            ]}
          />
        </Box>
      </Stack>

      {view.status === 'failed' ? (
        <RetryAlert
          data-testid="news-error"
          message={t('news.list.unavailable')}
          retry={t('news.list.retry')}
          onRetry={() => list.send({ type: 'news.retry' })}
          canRetry={view.canRetry}
        />
      ) : view.status === 'loading' && view.posts.length === 0 ? (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5" data-testid="news-loading">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} height="64" rounded="md" />
          ))}
        </SimpleGrid>
      ) : view.status === 'empty' ? (
        <Text color="fg.muted" data-testid="news-empty">
          {t('news.list.empty')}
        </Text>
      ) : (
        <Stack gap="5" aria-busy={view.loading}>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5" data-testid="news-list">
            {view.posts.map((post) => (
              <Card.Root key={post.id} overflow="hidden" data-testid="news-card" data-slug={post.slug}>
                {post.imageUrl && <Image src={post.imageUrl} alt="" aspectRatio={16 / 9} objectFit="cover" loading="lazy" />}
                <Card.Body gap="2">
                  <Text fontSize="sm" color="fg.muted">
                    {formatPostDate(post.publishedAt, language)} · {t(`news.languages.${post.language}`)}
                  </Text>
                  <Heading as="h2" size="md">
                    <Link asChild>
                      <RouterLink to={`/post-detail/${post.slug}`} aria-label={t('news.list.read_more', { title: post.title })}>
                        {post.title}
                      </RouterLink>
                    </Link>
                  </Heading>
                  <Text color="fg.muted" lineClamp={3}>
                    {post.summary}
                  </Text>
                  <Wrap gap="1">
                    {post.categories.map((category) => (
                      <Badge key={category} variant="subtle">
                        {categoryName(t, category)}
                      </Badge>
                    ))}
                  </Wrap>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
          {view.pages > 1 && (
            <HStack justify="center" gap="3" data-testid="news-pager">
              <Button size="sm" variant="outline" disabled={!view.canGoBack} onClick={() => list.send({ type: 'news.goToPage', page: view.page - 1 })}>
                {t('news.list.previous')}
              </Button>
              <Text fontSize="sm">{t('news.list.page_of', { page: view.page, pages: view.pages })}</Text>
              <Button size="sm" variant="outline" disabled={!view.canGoForward} onClick={() => list.send({ type: 'news.goToPage', page: view.page + 1 })}>
                {t('news.list.next')}
              </Button>
            </HStack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
