// The language switch of the header (and the settings page): sends language.switch to the language
// actor, which applies and persists the choice (appLanguage).
import { Box, Button, Group } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { languageView } from '../../../machines/language/viewModel';
import { useLanguageActor, useSwitchLanguage } from '../kernel/session';

export function LanguageSwitch({ testIdPrefix = 'language' }: { testIdPrefix?: string }) {
  const { t } = useTranslation();
  const options = useSelector(useLanguageActor(), (snapshot) => languageView(snapshot).options, sameOptions);
  const switchLanguage = useSwitchLanguage();
  return (
    <Group attached role="group" aria-label={t('language.label')} data-testid={`${testIdPrefix}-switch`}>
      {options.map((option) => (
        <Button
          key={option.language}
          size="xs"
          variant={option.selected ? 'solid' : 'outline'}
          colorPalette="brand"
          aria-pressed={option.selected}
          title={t(option.labelKey)}
          lang={option.language}
          data-testid={`${testIdPrefix}-${option.language}`}
          onClick={() => switchLanguage(option.language)}
        >
          {/* The name read aloud starts with the visible "ES"/"EN" (speech input users say what they see). */}
          {t(option.shortLabelKey)}
          <Box as="span" srOnly>
            {` (${t(option.labelKey)})`}
          </Box>
        </Button>
      ))}
    </Group>
  );
}

function sameOptions(a: { language: string; selected: boolean }[], b: { language: string; selected: boolean }[]): boolean {
  return a.length === b.length && a.every((option, i) => option.language === b[i].language && option.selected === b[i].selected);
}
