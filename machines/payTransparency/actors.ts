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

/** The name a file gets when the answer names none (or an unexpected one). */
export function fallbackFileName(file: PayTransparencyFile): string {
  if (file.kind === 'template') return file.language === 'es' ? 'plantilla-nomina.csv' : 'payroll-template.csv';
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
