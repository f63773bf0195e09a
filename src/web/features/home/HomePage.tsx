import { useTranslation } from 'react-i18next';
import { DEFAULT_PRIVACY_THRESHOLD } from '../../../domain/constants';
import { resolveLanguage } from '../../../domain/language';
import { useAppConfig } from '../../kernel/appConfig';
import { HomeView } from './HomeView';
import { usePublicSummary } from './usePublicSummary';

export function HomePage() {
  const { i18n } = useTranslation();
  const summary = usePublicSummary();
  const privacyThreshold = useAppConfig()?.privacyThreshold ?? DEFAULT_PRIVACY_THRESHOLD;
  return <HomeView summary={summary} privacyThreshold={privacyThreshold} language={resolveLanguage(i18n.language)} />;
}
