// The kinds of post (blog, insight, news) as toggle buttons, the chosen one solid and pressed: the public news
// list and the admin's list of posts switch kinds with it.
import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface PostKindButtonsProps<K extends string> {
  kinds: readonly K[];
  selected: K;
  onSelect: (kind: K) => void;
  /** Each button's test id is `<testIdPrefix>-<kind>`. */
  testIdPrefix: string;
}

export function PostKindButtons<K extends string>({ kinds, selected, onSelect, testIdPrefix }: PostKindButtonsProps<K>) {
  const { t } = useTranslation();
  return (
    <HStack role="group" aria-label={t('news.list.kind')} gap="2">
      {kinds.map((kind) => (
        <Button
          key={kind}
          size="sm"
          variant={kind === selected ? 'solid' : 'outline'}
          aria-pressed={kind === selected}
          onClick={() => onSelect(kind)}
          data-testid={`${testIdPrefix}-${kind}`}
        >
          {t(`news.types.${kind}`)}
        </Button>
      ))}
    </HStack>
  );
}
