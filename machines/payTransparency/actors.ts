// The real effects of the pay transparency flows through the typed client (the contract's pay-transparency tag): the
// calendar and the uploaded years, the upload of a payroll file (multipart, as the news editor's cover), the deletion
// of a year, a year's report and its Article 10 records, and the template and report files, fetched with the session
// as blobs and saved in the browser.
import { saveBlob } from '../shared/saveBlob';
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf } from '../../src/api/callFailure';
import type { PayrollsOverview, PayrollSummary, PayrollUploadRequest } from './payrollsMachine';
import type { GapAction, GapActionInput, PayGapReport } from './payGapReportMachine';
import type { DownloadedFile, PayTransparencyFile } from './payTransparencyDownloadMachine';
import type { BandsCommand, PayStanding, SalaryBandList } from './salaryBandsMachine';

/** The name a file gets when the answer names none (or an unexpected one). */
export function fallbackFileName(file: PayTransparencyFile): string {
  if (file.kind === 'template') return file.language === 'es' ? 'plantilla-nomina.csv' : 'payroll-template.csv';
  if (file.kind === 'bands') return file.language === 'es' ? 'bandas-salariales.csv' : 'salary-bands.csv';
  return `${file.language === 'es' ? 'brecha-salarial' : 'pay-gap-report'}-${file.year}.csv`;
}

/** The file name of a Content-Disposition header (`attachment; filename="…"`), when it is a plain CSV name. */
export function csvFileNameOf(disposition: string | null, file: PayTransparencyFile): string {
  const name = /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
  return name && /^[\w.-]+\.csv$/.test(name) ? name : fallbackFileName(file);
}

/** Hands a file to the browser's downloads. */
export function saveDownloadedFile(file: DownloadedFile): void {
  saveBlob(file.blob, file.fileName);
}

export function payrollsActors(client: ApiClient = api) {
  return {
    loadOverview: fromPromise<PayrollsOverview>(async ({ signal }) => {
      const [calendar, payrolls] = await Promise.all([
        dataOf(call(client.GET('/pay-transparency/calendar', { signal }))),
        dataOf(call(client.GET('/pay-transparency/payrolls', { signal }))),
      ]);
      return { calendar, payrolls };
    }),
    uploadPayroll: fromPromise<PayrollSummary, PayrollUploadRequest>(async ({ input, signal }) => {
      const form = new FormData();
      form.append('file', input.file);
      return dataOf(
        call(
          client.PUT('/pay-transparency/payrolls/{year}', {
            params: { path: { year: input.year } },
            body: form as never,
            bodySerializer: (body: unknown) => body as FormData,
            signal,
          }),
        ),
      );
    }),
    deletePayroll: fromPromise<true, { year: number }>(async ({ input }) => {
      const result = await call(client.DELETE('/pay-transparency/payrolls/{year}', { params: { path: { year: input.year } } }));
      if (!result.ok) throw result;
      return true;
    }),
  };
}

export function payGapReportActors(client: ApiClient = api) {
  return {
    loadReport: fromPromise<PayGapReport, { year: number }>(({ input, signal }) =>
      dataOf(call(client.GET('/pay-transparency/payrolls/{year}/report', { params: { path: { year: input.year } }, signal }))),
    ),
    recordAction: fromPromise<GapAction, { year: number; action: GapActionInput }>(({ input }) =>
      dataOf(call(client.PUT('/pay-transparency/payrolls/{year}/gap-actions', { params: { path: { year: input.year } }, body: input.action }))),
    ),
  };
}

export function fileDownloadActors(client: ApiClient = api, save: (file: DownloadedFile) => void = saveDownloadedFile) {
  return {
    fetchFile: fromPromise<DownloadedFile, PayTransparencyFile>(async ({ input, signal }) => {
      const pending =
        input.kind === 'template'
          ? client.GET('/pay-transparency/payroll-template', { params: { query: { language: input.language } }, parseAs: 'blob', signal })
          : input.kind === 'bands'
            ? client.GET('/pay-transparency/bands/csv', { params: { query: { language: input.language } }, parseAs: 'blob', signal })
            : client.GET('/pay-transparency/payrolls/{year}/report/csv', {
                params: { path: { year: input.year }, query: { language: input.language, scope: input.scope } },
                parseAs: 'blob',
                signal,
              });
      const blob = await dataOf(call(pending));
      const { response } = await pending;
      return { blob, fileName: csvFileNameOf(response.headers.get('content-disposition'), input) };
    }),
    saveFile: fromPromise<void, DownloadedFile>(async ({ input }) => save(input)),
  };
}

export function salaryBandsActors(client: ApiClient = api) {
  const loadBands = (signal?: AbortSignal) => dataOf(call(client.GET('/pay-transparency/bands', { signal })));
  return {
    loadBands: fromPromise<SalaryBandList>(({ signal }) => loadBands(signal)),
    runCommand: fromPromise<SalaryBandList, BandsCommand>(async ({ input }) => {
      switch (input.kind) {
        case 'saveRole':
          await dataOf(
            call(
              input.id === null
                ? client.POST('/pay-transparency/job-architecture/roles', { body: input.role })
                : client.PUT('/pay-transparency/job-architecture/roles/{id}', { params: { path: { id: input.id } }, body: input.role }),
            ),
          );
          return loadBands();
        case 'deleteRole': {
          const result = await call(client.DELETE('/pay-transparency/job-architecture/roles/{id}', { params: { path: { id: input.id } } }));
          if (!result.ok) throw result;
          return loadBands();
        }
        case 'savePolicy':
          await dataOf(call(client.PUT('/pay-transparency/job-architecture/policy', { body: input.policy })));
          return loadBands();
        case 'compute':
          return dataOf(call(client.POST('/pay-transparency/bands/compute')));
        case 'editBand':
          await dataOf(call(client.PUT('/pay-transparency/bands/{id}', { params: { path: { id: input.id } }, body: { low: input.low, high: input.high } })));
          return loadBands();
      }
    }),
    loadStanding: fromPromise<PayStanding, { year: number }>(({ input, signal }) =>
      dataOf(call(client.GET('/pay-transparency/payrolls/{year}/standing', { params: { path: { year: input.year } }, signal }))),
    ),
  };
}
