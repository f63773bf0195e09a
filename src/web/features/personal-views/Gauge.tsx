// The −30..+30 % gauge of one total: a meter (role="meter", its value the shown difference, its text the true
// one) with the needle pinned at an end when the true difference lies beyond the scale.
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { GAUGE_LIMIT } from '../../../domain/gauge';
import type { Language } from '../../../domain/constants';
import type { GaugeView } from '../../../../machines/personalComparison/viewModel';
import { formatSignedPercent } from './format';
import type { MoneyFormat } from '../../components/paidSearch/ResultPanel';

export function Gauge({ view, language, format }: { view: GaugeView; language: Language; format: MoneyFormat }) {
  const { t } = useTranslation();
  const label = t(view.labelKey);
  const { reading } = view;
  const measured = reading ? formatSignedPercent(reading.value, language) : null;
  return (
    <Box as="article" borderWidth="1px" rounded="lg" p="5" bg="bg" data-testid={`gauge-${view.measure}`} aria-labelledby={`gauge-title-${view.measure}`}>
      <Stack gap="3">
        <Text id={`gauge-title-${view.measure}`} fontWeight="semibold">
          {label}
        </Text>
        {reading ? (
          <>
            <Box
              role="meter"
              aria-label={label}
              // eslint-disable-next-line jsx-a11y/aria-proptypes -- a number: the rule does not read the unary minus
              aria-valuemin={-GAUGE_LIMIT}
              aria-valuemax={GAUGE_LIMIT}
              aria-valuenow={reading.shown}
              aria-valuetext={t('personal.gauge.valuetext', { value: measured })}
              position="relative"
              h="4"
              rounded="full"
              bgGradient="to-r"
              gradientFrom="orange.200"
              gradientVia="gray.100"
              gradientTo="teal.200"
              data-testid={`gauge-meter-${view.measure}`}
              data-pinned={reading.pinned ?? 'no'}
            >
              <Box position="absolute" left="50%" top="-1" bottom="-1" w="0.5" bg="fg.muted" aria-hidden="true" />
              <Box
                position="absolute"
                left={`calc(${(reading.fraction * 100).toFixed(2)}% - 6px)`}
                top="-1.5"
                w="3"
                h="7"
                rounded="sm"
                bg="brand.solid"
                borderWidth="2px"
                borderColor="bg"
                aria-hidden="true"
              />
            </Box>
            <HStack justify="space-between" fontSize="xs" color="fg.muted" aria-hidden="true">
              <Text>{formatSignedPercent(-GAUGE_LIMIT, language)}</Text>
              <Text>0</Text>
              <Text>{formatSignedPercent(GAUGE_LIMIT, language)}</Text>
            </HStack>
            <Text fontSize="xl" fontWeight="bold" data-testid={`gauge-measured-${view.measure}`} data-value={reading.value}>
              {view.perceived !== null
                ? t('personal.gauge.perceived_vs_measured', { perceived: formatSignedPercent(view.perceived, language), measured })
                : t('personal.gauge.measured', { measured })}
            </Text>
            {reading.pinned && (
              <Text fontSize="sm" color="fg.warning" data-testid={`gauge-pinned-${view.measure}`}>
                {t(reading.pinned === 'above' ? 'personal.gauge.pinned_above' : 'personal.gauge.pinned_below', {
                  measured,
                  limit: formatSignedPercent(reading.shown, language),
                })}
              </Text>
            )}
            {view.perceived === null && (
              <Text fontSize="sm" color="fg.muted">
                {t('personal.gauge.no_perception')}
              </Text>
            )}
          </>
        ) : (
          <Text color="fg.muted" data-testid={`gauge-no-median-${view.measure}`}>
            {t('personal.gauge.no_median')}
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          {t('personal.gauge.own', { value: format.own(view.ownValue) })}
          {view.median !== null && <> · {t('personal.gauge.median', { value: format.money(view.median) })}</>}
          {view.percentileRank !== null && <> · {t('personal.gauge.percentile', { rank: view.percentileRank })}</>}
        </Text>
      </Stack>
    </Box>
  );
}
