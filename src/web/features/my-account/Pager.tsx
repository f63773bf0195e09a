// Previous / next for a paged list, with "page X of Y".
import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface PagerProps {
  page: number;
  pages: number;
  canGoBack: boolean;
  canGoForward: boolean;
  onPage: (page: number) => void;
  testId: string;
}

export function Pager({ page, pages, canGoBack, canGoForward, onPage, testId }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <HStack as="nav" aria-label={t('my_account.pager.label')} gap="3" justify="center" data-testid={testId}>
      <Button size="sm" variant="outline" disabled={!canGoBack} onClick={() => onPage(page - 1)} data-testid={`${testId}-previous`}>
        {t('my_account.pager.previous')}
      </Button>
      <Text fontSize="sm" data-testid={`${testId}-status`}>
        {t('my_account.pager.status', { page, pages })}
      </Text>
      <Button size="sm" variant="outline" disabled={!canGoForward} onClick={() => onPage(page + 1)} data-testid={`${testId}-next`}>
        {t('my_account.pager.next')}
      </Button>
    </HStack>
  );
}
