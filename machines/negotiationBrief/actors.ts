// The real effects of the negotiation brief: GET forms/negotiation-brief through the typed client (the PDF as a
// blob, named as the server offers it) and saving it as a file in the browser.
import { saveBlob } from '../shared/saveBlob';
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf } from '../../src/api/callFailure';
import type { BriefFile, BriefRequest } from './negotiationBriefMachine';

/** The name of the file when the answer names none. */
export const FALLBACK_FILE_NAME = 'paybench-negotiation-brief.pdf';

/** The file name of a Content-Disposition header (`attachment; filename="…"`). */
export function fileNameOf(disposition: string | null): string {
  const name = /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
  return name && /^[\w.-]+\.pdf$/.test(name) ? name : FALLBACK_FILE_NAME;
}

/** Hands a file to the browser's downloads. */
export function saveFile(file: BriefFile): void {
  saveBlob(file.pdf, file.fileName);
}

export function negotiationBriefActors(client: ApiClient = api, save: (file: BriefFile) => void = saveFile) {
  return {
    downloadBrief: fromPromise<BriefFile, BriefRequest>(async ({ input, signal }) => {
      const pending = client.GET('/forms/negotiation-brief', { params: { query: { lang: input.language } }, parseAs: 'blob', signal });
      const pdf = await dataOf(call(pending));
      const { response } = await pending;
      return { pdf, fileName: fileNameOf(response.headers.get('content-disposition')) };
    }),
    saveBrief: fromPromise<void, BriefFile>(async ({ input }) => save(input)),
  };
}
