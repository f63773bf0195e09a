// The configs page's real effects through the typed client: the current configuration, and the save of each editor
// (PATCH min-values, PATCH inflation-data, PUT exchange-rates), each resolving with the stored values as form values.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { answerOf } from '../resource/answer';
import {
  exchangeRatesBody,
  exchangeRatesForm,
  inflationBody,
  inflationForm,
  minValuesBody,
  minValuesForm,
  type ExchangeRateRow,
  type InflationRow,
  type MinValuesForm,
} from './editors';

export type Configs = components['schemas']['Configs'];

export function configsActors(client: ApiClient = api) {
  return {
    loadConfigs: fromPromise<Configs>(async ({ signal }) => answerOf(await call(client.GET('/forms/configs', { signal })))),
    saveMinValues: fromPromise<MinValuesForm, { values: MinValuesForm }>(async ({ input, signal }) =>
      minValuesForm(answerOf(await call(client.PATCH('/forms/configs/min-values', { body: minValuesBody(input.values), signal })))),
    ),
    saveInflation: fromPromise<InflationRow[], { values: InflationRow[] }>(async ({ input, signal }) =>
      inflationForm(answerOf(await call(client.PATCH('/forms/configs/inflation-data', { body: inflationBody(input.values), signal }))).inflationData),
    ),
    saveExchangeRates: fromPromise<ExchangeRateRow[], { values: ExchangeRateRow[] }>(async ({ input, signal }) =>
      exchangeRatesForm(answerOf(await call(client.PUT('/forms/configs/exchange-rates', { body: exchangeRatesBody(input.values), signal }))).exchangeRates),
    ),
  };
}
