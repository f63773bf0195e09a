import { Button, Group } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../domain/constants';
import { resolveLanguage } from '../../domain/language';
import { switchLanguage } from './i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = resolveLanguage(i18n.language);
  return (
    <Group attached role="group" aria-label={t('language.label')} data-testid="language-switch">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="xs"
          variant={language === current ? 'solid' : 'outline'}
          colorPalette="brand"
          aria-pressed={language === current}
          aria-label={t(`language.${language}`)}
          title={t(`language.${language}`)}
          lang={language}
          data-testid={`language-${language}`}
          onClick={() => void switchLanguage(i18n, language)}
        >
          {t(`language.${language}_short`)}
        </Button>
      ))}
    </Group>
  );
}
