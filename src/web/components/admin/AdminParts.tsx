// Small pieces the admin pages share: the page heading with its introduction and a failed-load notice with retry.
import type { ReactNode } from 'react';
import { Alert, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../domain/intlFormat';

/** A link in a table row stays a target of at least 24 × 24 px (WCAG 2.5.8), not the 20 px of its text line. */
export const TARGET_SIZE = { display: 'inline-flex', alignItems: 'center', minH: '6' } as const;

export function AdminPageHeading({ title, intro, actions }: { title: string; intro?: string; actions?: ReactNode }) {
  return (
    <Stack gap="2" mb="6">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {actions}
      </HStack>
      {intro && <Text color="fg.muted">{intro}</Text>}
    </Stack>
  );
}

export function LoadFailed({ onRetry, canRetry, testId }: { onRetry: () => void; canRetry: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('admin.common.load_failed')}</Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} disabled={!canRetry} data-testid={`${testId}-retry`}>
        {t('admin.common.retry')}
      </Button>
    </Alert.Root>
  );
}

/** Dates and counts in the reader's language. */
export function formatAdminDate(iso: string, locale: string, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}
