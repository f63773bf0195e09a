// The insights widgets: better cities, better sectors and the median by country for the caller's profile, each
// saying how many groups were left out for privacy. Renders the insights machine's view; decides nothing. A plan
// without the insights (the entitlement table, navigation.ts lockingPlan) sees what they are and the plan that
// includes them instead, and nothing is asked of the server.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Heading, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { insightsMachine } from '../../../../machines/insights/insightsMachine';
import { insightsActors } from '../../../../machines/insights/actors';
import { insightsView, type RankingView } from '../../../../machines/insights/viewModel';
import { sameView } from '../../../../machines/comparison/viewModel';
import { useLanguage } from '../../kernel/session';
import { useQuestionnaireDefinition } from '../peerGroup/useQuestionnaireDefinition';
import { choiceLabel, filterChoices } from '../peerGroup/filterOptions';
import { FilterSummary } from '../peerGroup/FilterSummary';
import { ConversionNote, useMoneyFormat } from './useMoneyFormat';
import { ScrollRegion } from '../ScrollRegion';
import { inspect } from '../../kernel/inspector';
import { lockingPlan } from '../../kernel/navigation';
import { useAppConfig } from '../../kernel/appConfig';
import { useCurrentUser } from '../../kernel/session';
import { premiumPathFor } from '../../../../machines/premiumModal/viewModel';
import type { PaidPlan } from '../../../domain/entitlements';

/** The profile's conditions the widening dropped, or the next one it would drop (country, then sector), as "country, sector". */
function fieldList(t: (key: string) => string, fields: readonly string[], language: string): string {
  return fields.map((field) => t(`comparison.filters.fields.${field}`).toLocaleLowerCase(language)).join(', ');
}

function Ranking({ ranking, onWiden }: { ranking: RankingView; onWiden: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const definition = useQuestionnaireDefinition();
  const format = useMoneyFormat(ranking.currency);
  // City labels are those of the filters' country.
  const choices = filterChoices(definition, ranking.filters, [ranking.year]);
  const labelOf = (key: string) => {
    const choice = choiceLabel(choices, ranking.rankedBy, key);
    return choice.label ?? (choice.labelKey ? t(choice.labelKey) : key);
  };
  return (
    <Box as="article" borderWidth="1px" rounded="lg" p="4" bg="bg" data-testid={`insight-${ranking.name}`} aria-labelledby={`insight-title-${ranking.name}`}>
      <Stack gap="3">
        <Heading as="h3" size="sm" id={`insight-title-${ranking.name}`}>
          {t(`personal.insights.${ranking.name}`)}
        </Heading>
        <FilterSummary filters={ranking.filters} definition={definition} years={[ranking.year]} />
        {ranking.widened && ranking.widened.length > 0 && (
          <Text fontSize="sm" color="fg.muted" data-testid={`insight-widened-${ranking.name}`}>
            {t('personal.insights.widened', { fields: fieldList(t, ranking.widened, language) })}
          </Text>
        )}
        {ranking.items.length === 0 ? (
          // No group above K: one sentence, and the widening link while a wider ranking may be asked.
          <Text fontSize="sm" color="fg.muted" data-testid={`insight-empty-${ranking.name}`}>
            {t('personal.insights.empty')}{' '}
            {(ranking.canWiden || ranking.widening) && ranking.widenField && (
              <Button
                variant="plain"
                size="sm"
                h="auto"
                p="0"
                minW="0"
                colorPalette="brand"
                textDecoration="underline"
                onClick={onWiden}
                loading={ranking.widening}
                data-testid={`insight-widen-${ranking.name}`}
              >
                {t('personal.insights.widen', { field: fieldList(t, [ranking.widenField], language) })}
              </Button>
            )}
          </Text>
        ) : (
          // Scrolls inside its card when a long name and money still do not fit (never under the next card).
          <ScrollRegion label={t(`personal.insights.${ranking.name}`)} data-testid={`insight-table-${ranking.name}`}>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader ps="0">{t(`comparison.filters.fields.${ranking.rankedBy}`)}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('comparison.result.median')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end" pe="0">
                    {t('comparison.result.n_label')}
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {ranking.items.map((item) => (
                  <Table.Row key={item.key} data-testid="insight-row">
                    <Table.Cell ps="0">{labelOf(item.key)}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {format.money(item.p50)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" pe="0">
                      {item.countLabel}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollRegion>
        )}
        {ranking.omitted > 0 && ranking.items.length > 0 && (
          <Text fontSize="sm" color="fg.muted" data-testid={`insight-omitted-${ranking.name}`}>
            {t('personal.insights.omitted', { count: ranking.omitted })}
          </Text>
        )}
        {ranking.items.length > 0 && <ConversionNote display={format.display} />}
      </Stack>
    </Box>
  );
}

/** The insights for a plan that lacks them: what they are, and the premium modal with the plan that includes them. */
function LockedInsights({ plan }: { plan: PaidPlan }) {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby="insights-title" data-testid="insights" data-phase="locked" data-plan={plan}>
      <Stack gap="3" align="start">
        <Heading as="h2" size="md" id="insights-title">
          {t('personal.insights.title')}
        </Heading>
        <Text color="fg.muted">{t('entitlements.features.insights.subtitle')}</Text>
        <Text>{t('entitlements.required', { feature: t('entitlements.features.insights.title'), plan: t(`payments.plans.${plan}`) })}</Text>
        <Button asChild size="sm" colorPalette="brand" data-testid="insights-unlock">
          <RouterLink to={premiumPathFor('insights', plan)}>{t('entitlements.see_plans')}</RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}

export function InsightsWidgets() {
  const premiumEnabled = useAppConfig()?.premiumEnabled ?? false;
  const plan = lockingPlan('insights', premiumEnabled, useCurrentUser());
  return plan ? <LockedInsights plan={plan} /> : <UnlockedInsightsWidgets />;
}

function UnlockedInsightsWidgets() {
  const { t } = useTranslation();
  const [machine] = useState(() => insightsMachine.provide({ actors: insightsActors() }));
  const actor = useActorRef(machine, { inspect });
  const view = useSelector(actor, insightsView, sameView);
  return (
    <Box as="section" aria-labelledby="insights-title" data-testid="insights" data-phase={view.phase}>
      <Stack gap="3">
        <Heading as="h2" size="md" id="insights-title">
          {t('personal.insights.title')}
        </Heading>
        {view.phase === 'loading' && <Skeleton height="32" rounded="lg" />}
        {view.phase === 'failed' && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{t('personal.insights.failed')}</Alert.Title>
            <Button size="xs" variant="outline" ms="auto" onClick={() => actor.send({ type: 'insights.retry' })}>
              {t('personal.retry')}
            </Button>
          </Alert.Root>
        )}
        {view.phase === 'ready' && (
          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
            {view.rankings.map((ranking) => (
              <Ranking key={ranking.name} ranking={ranking} onWiden={() => actor.send({ type: 'insights.widen', ranking: ranking.name })} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Box>
  );
}
