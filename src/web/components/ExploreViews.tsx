// "Siga explorando": the personal views (personalised comparison, evolution, income projection) and the premium
// page, one click from the comparison result and my-form. With the premium flag off the header does not list
// them, so this is where a member finds three of the four products; a view the person's plan does not
// open says why (the premium flag on, a free plan), and what a view costs is said once below them.
import { Alert, Badge, Box, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { WELCOME_QUERY } from '../../../machines/auth/landing';
import { useAppConfig } from '../kernel/appConfig';
import { personalViews, premiumPage, sectionLock } from '../kernel/navigation';
import { useCurrentUser } from '../kernel/session';

export function ExploreViews({ testId = 'explore-views' }: { testId?: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const premiumEnabled = useAppConfig()?.premiumEnabled ?? false;
  // Corporate users pay a credit per new view (the corporate plan and admins do not): docs/permissions-and-credits.md.
  const paysCredits = !!user && user.role.includes('corporate') && !user.role.includes('admin') && user.premiumType !== 'corporate';
  return (
    <Box as="section" aria-labelledby={`${testId}-title`} borderWidth="1px" rounded="lg" p={{ base: 4, md: 5 }} bg="bg" data-testid={testId}>
      <Stack gap="4">
        <Heading as="h2" size="md" id={`${testId}-title`}>
          {t('explore.title')}
        </Heading>
        <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="3" listStyleType="none" m="0" p="0">
          {personalViews.map((entry) => {
            const locked = sectionLock(entry, premiumEnabled, user) === 'premium';
            return (
              <Box
                as="li"
                key={entry.to}
                borderWidth="1px"
                rounded="md"
                p="3"
                data-testid={`explore-${entry.section}`}
                data-locked={locked ? 'premium' : undefined}
              >
                <Stack gap="1">
                  <Link asChild fontWeight="semibold" color="brand.fg">
                    <RouterLink to={entry.to}>{t(`sections.${entry.section}`)}</RouterLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted">
                    {t(`explore.views.${entry.section}`)}
                  </Text>
                  {locked && (
                    <Badge alignSelf="flex-start" colorPalette="orange" variant="subtle">
                      {t('nav.locked_premium')}
                    </Badge>
                  )}
                </Stack>
              </Box>
            );
          })}
        </SimpleGrid>
        <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: 2, md: 4 }} justify="space-between" align={{ base: 'start', md: 'center' }}>
          <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-cost`}>
            {t(paysCredits ? 'explore.credits_note' : 'explore.free_note')}
          </Text>
          <Link asChild fontSize="sm" fontWeight="medium" color="brand.fg">
            <RouterLink to={premiumPage.to} data-testid={`${testId}-premium`}>
              {t('explore.premium_link')}
            </RouterLink>
          </Link>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * Shown where a member lands right after registering (`?welcome=registered`, machines/auth/landing.ts): their
 * figures are already here, and their own answers join the statistics from the next release once the e-mail is confirmed.
 */
export function RegistrationWelcome() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  if (`welcome=${params.get('welcome')}` !== WELCOME_QUERY || !user) return null;
  return (
    <Alert.Root status="success" alignItems="start" data-testid="registration-welcome" data-email-verified={String(user.emailVerified)}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('explore.welcome.title')}</Alert.Title>
        <Alert.Description data-testid="registration-release-note">
          {t(user.emailVerified ? 'explore.welcome.release_note' : 'explore.welcome.release_note_unconfirmed')}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
