// /post-detail/{postId}: a post by its slug (or id) with its cover, date, author and
// categories, the body as the server rendered and sanitised it, share links and related posts. One call
// (getNews), through the resource machine; a missing or unpublished post reads as "not found".
import { useEffect, useState } from 'react';
import { Badge, Box, Container, Heading, HStack, Image, Link, SimpleGrid, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { provideResource } from '../../../../machines/resource/resourceMachine';
import { resourceView, sameResource } from '../../../../machines/resource/viewModel';
import { newsActors, type Post } from '../../../../machines/news/actors';
import { resolveLanguage } from '../../../domain/language';
import { useNotifyFailure } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';
import { categoryName, formatPostDate, listPathOf } from './postFormat';
import { usePageMeta } from './pageMeta';
import { PostHtml } from './PostHtml';
import { ActionAlert } from '../../components/ActionAlert';

export default function PostDetailPage() {
  const { postId = '' } = useParams();
  // Another post (a related one) is another screen: its own machine.
  return <PostDetail key={postId} postId={postId} />;
}

function PostDetail({ postId }: { postId: string }) {
  const { t, i18n } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const language = resolveLanguage(i18n.language);
  const [machine] = useState(() => provideResource(newsActors().loadPost(postId)));
  const actor = useActorRef(machine, { inspect });
  const post = useSelector(actor, (snapshot) => resourceView<Post>(snapshot), sameResource);
  useEffect(() => {
    // A post that is not there is said on the page; other failures are notified too.
    const subscription = actor.on('resource.failed', ({ failure }) => {
      if (failure.status !== 404) notifyFailure(failure);
    });
    return () => subscription.unsubscribe();
  }, [actor, notifyFailure]);
  usePageMeta(
    post.status === 'ready' ? { title: post.data.title, description: post.data.summary, image: post.data.imageUrl, type: 'article' } : null,
    language,
  );

  if (post.status === 'loading') {
    return (
      <Container maxW="3xl" py="10" data-testid="post-loading">
        <Stack gap="4">
          <Skeleton height="10" />
          <Skeleton height="64" />
        </Stack>
      </Container>
    );
  }
  if (post.status === 'failed') {
    const missing = post.failure.status === 404 || post.failure.status === 400;
    return (
      <Container maxW="3xl" py="10">
        <Heading as="h1" size="2xl" mb="4">
          {t('sections.post_detail')}
        </Heading>
        <ActionAlert
          status={missing ? 'info' : 'error'}
          alignItems="center"
          data-testid={missing ? 'post-not-found' : 'post-error'}
          title={t(missing ? 'news.detail.not_found' : 'news.detail.unavailable')}
          action={
            !missing ? { label: t('news.detail.retry'), size: 'sm', variant: 'outline', onClick: () => actor.send({ type: 'resource.retry' }) } : undefined
          }
        />
        <Link asChild mt="4" display="inline-block">
          <RouterLink to="/blog">{t('news.detail.back', { list: t('news.types.blog') })}</RouterLink>
        </Link>
      </Container>
    );
  }

  const data = post.data;
  const listType = data.typepost === 'insight' ? 'insight' : 'blog';
  const pageUrl = `${window.location.origin}/post-detail/${data.slug}`;
  const shareText = encodeURIComponent(data.title);
  const shareUrl = encodeURIComponent(pageUrl);
  return (
    <Container as="article" maxW="3xl" py={{ base: '6', md: '10' }} lang={data.language}>
      <Stack gap="5">
        <Link asChild fontSize="sm" color="fg.muted">
          <RouterLink to={listPathOf(data.typepost)}>{t('news.detail.back', { list: t(`news.types.${listType}`) })}</RouterLink>
        </Link>
        <Stack gap="2">
          <Heading as="h1" size="3xl" data-testid="post-title">
            {data.title}
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            {data.summary}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            <time dateTime={data.publishedAt}>{t('news.detail.published', { date: formatPostDate(data.publishedAt, language) })}</time> ·{' '}
            {t('news.detail.by', { author: data.author })}
          </Text>
          <Wrap gap="1">
            {data.categories.map((category) => (
              <Badge key={category} variant="subtle">
                {categoryName(t, category)}
              </Badge>
            ))}
          </Wrap>
        </Stack>
        {data.imageUrl && (
          <Image
            src={data.imageUrl}
            alt={t('news.detail.cover_alt', { title: data.title })}
            rounded="md"
            maxH="md"
            objectFit="cover"
            data-testid="post-cover"
          />
        )}
        <PostHtml html={data.html ?? ''} testId="post-body" />
        <HStack gap="3" wrap="wrap" borderTopWidth="1px" pt="4" data-testid="post-share">
          <Text fontWeight="semibold">{t('news.detail.share')}</Text>
          <Link href={`https://x.com/intent/post?text=${shareText}&url=${shareUrl}`} target="_blank" rel="noopener noreferrer">
            {t('news.detail.share_x')}
          </Link>
          <Link href={`https://www.linkedin.com/sharing/share-offsite/?url=${shareUrl}`} target="_blank" rel="noopener noreferrer">
            {t('news.detail.share_linkedin')}
          </Link>
          <Link href={`mailto:?subject=${shareText}&body=${shareUrl}`}>{t('news.detail.share_email')}</Link>
        </HStack>
        {data.related && data.related.length > 0 && (
          <Box as="section" aria-labelledby="related-heading" data-testid="post-related">
            <Heading as="h2" size="lg" id="related-heading" mb="3">
              {t('news.detail.related')}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {data.related.map((related) => (
                <Stack key={related.id} gap="1" borderWidth="1px" rounded="md" p="3">
                  <Link asChild fontWeight="semibold">
                    <RouterLink to={`/post-detail/${related.slug}`}>{related.title}</RouterLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                    {related.summary}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Box>
        )}
      </Stack>
    </Container>
  );
}
