// The states of a filtered admin list before its table (machines/filteredList): loading, failed with a retry, and
// empty — "nothing matches" with a button that clears the filters when some are set. One place for the users and
// the forms lists; texts and test ids come from the list's own prefix.
import { Alert, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FilteredListView } from '../../../../machines/filteredList/viewModel';

interface FilteredListStatesProps {
  view: FilteredListView<unknown>;
  /** Translation section of the list (`admin_users`): its unavailable, retry, no_match, empty and filters.clear. */
  textKey: string;
  /** Test-id prefix of the list (`admin-users`). */
  testId: string;
  onRetry: () => void;
  onClear: () => void;
}

/** The element for a list that is not ready, or null when its table shows. */
export function FilteredListStates({ view, textKey, testId, onRetry, onClear }: FilteredListStatesProps) {
  const { t } = useTranslation();
  if (view.status === 'loading') return <Skeleton height="48" rounded="md" data-testid={`${testId}-loading`} />;
  if (view.status === 'failed') {
    return (
      <Alert.Root status="error" alignItems="center" data-testid={`${testId}-error`}>
        <Alert.Indicator />
        <Alert.Title flex="1">{t(`${textKey}.unavailable`)}</Alert.Title>
        <Button size="sm" variant="outline" disabled={!view.canRetry} onClick={onRetry}>
          {t(`${textKey}.retry`)}
        </Button>
      </Alert.Root>
    );
  }
  if (view.status === 'empty') {
    return (
      <Stack gap="3" align="start" data-testid={`${testId}-empty`}>
        <Text color="fg.muted">{t(view.filtered ? `${textKey}.no_match` : `${textKey}.empty`)}</Text>
        {view.filtered && (
          <Button size="sm" variant="outline" onClick={onClear}>
            {t(`${textKey}.filters.clear`)}
          </Button>
        )}
      </Stack>
    );
  }
  return null;
}
