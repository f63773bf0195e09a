import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { Language } from '../../src/domain/constants';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';

/** A file of the pay transparency pages: the payroll template (its headers in a language), a year's report or the salary bands as CSV. */
export type PayTransparencyFile =
  | { kind: 'template'; language: Language }
  | { kind: 'report'; year: number; scope: 'publication' | 'internal'; language: Language }
  | { kind: 'bands'; language: Language };

/** The file as it arrived: its bytes and the name the server offers it under. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface FileDownloadContext {
  /** The file asked for last. */
  requested: PayTransparencyFile | null;
  /** The file that arrived, until it is saved. */
  downloaded: DownloadedFile | null;
  failure: CallFailure | null;
}

export type FileDownloadEvent = { type: 'download.start'; file: PayTransparencyFile };

export type FileDownloadEmitted = { type: 'download.saved'; file: PayTransparencyFile } | { type: 'download.failed'; failure: CallFailure };

/** A click: the file asked for afresh. */
const START = { target: '#payTransparencyDownload.downloading', actions: 'startDownload' } as const;

/**
 * The downloads of /pay-transparency: the payroll template and a year's report as CSV, fetched with the signed-in
 * person's token (a plain link would carry none) and handed to the browser as a file.
 *
 * ```
 * idle ──download.start(file)──▶ downloading ──file──▶ saving ──saved──▶ done    (emits download.saved)
 *                                     └──failure──▶ failed                        (emits download.failed)
 * done, failed ──download.start──▶ downloading
 * ```
 *
 * Tags for the view: `idle`, `busy`, `done`, `failed`.
 */
export const payTransparencyDownloadMachine = setup({
  types: {
    context: {} as FileDownloadContext,
    events: {} as FileDownloadEvent,
    emitted: {} as FileDownloadEmitted,
  },
  actors: {
    fetchFile: injected<DownloadedFile, PayTransparencyFile>('payTransparencyDownload: provide fetchFile'),
    saveFile: injected<void, DownloadedFile>('payTransparencyDownload: provide saveFile'),
  },
  actions: {
    startDownload: assign(({ event }) => {
      assertEvent(event, 'download.start');
      return { requested: event.file, downloaded: null, failure: null };
    }),
    keepFile: assign((_, params: { file: DownloadedFile }) => ({ downloaded: params.file })),
    forgetFile: assign({ downloaded: null }),
    emitSaved: emit(({ context }) => ({ type: 'download.saved' as const, file: context.requested! })),
    ...failureActions<FileDownloadContext, FileDownloadEvent, FileDownloadEmitted>('download.failed'),
  },
}).createMachine({
  id: 'payTransparencyDownload',
  description: 'Fetches a payroll template or a report CSV with the session and saves it as a file.',
  context: { requested: null, downloaded: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing asked yet.',
      tags: ['idle'],
      on: { 'download.start': START },
    },
    downloading: {
      description: 'Asking the server for the file.',
      tags: ['busy'],
      invoke: {
        id: 'fetchFile',
        src: 'fetchFile',
        input: ({ context }) => context.requested!,
        onDone: { target: 'saving', actions: { type: 'keepFile', params: ({ event }) => ({ file: event.output }) } },
        onError: { target: 'failed', actions: ['rememberFailure', 'emitFailed'] },
      },
    },
    saving: {
      description: 'Handing the file to the browser.',
      tags: ['busy'],
      invoke: {
        id: 'saveFile',
        src: 'saveFile',
        input: ({ context }) => context.downloaded!,
        onDone: { target: 'done', actions: ['forgetFile', 'emitSaved'] },
        onError: { target: 'failed', actions: ['forgetFile', 'rememberFailure', 'emitFailed'] },
      },
    },
    done: {
      description: 'The file was saved; it (or another) may be downloaded again.',
      tags: ['done'],
      on: { 'download.start': START },
    },
    failed: {
      description: 'The file did not arrive (or could not be saved); it may be asked again.',
      tags: ['failed'],
      on: { 'download.start': START },
    },
  },
});

export type PayTransparencyDownloadMachine = typeof payTransparencyDownloadMachine;
