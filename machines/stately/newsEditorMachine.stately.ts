// newsEditorMachine from machines/newsEditor/newsEditorMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'newsEditor',
  description: 'Write or change a post with a live preview and a cover image; save as draft, publish, schedule, unpublish or delete it.',
  initial: 'loading',
  invoke: {
    id: 'confirm',
    src: 'confirmModal',
  },
  states: {
    loading: {
      description: 'Loading the post to edit; a new post goes straight to the form.',
      tags: ['loading'],
      invoke: {
        id: 'loadForEditing',
        src: 'loadForEditing',
        onDone: {
          target: 'editing',
          actions: 'rememberLoaded',
        },
        onError: {
          target: 'loadFailed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
      always: {
        target: 'editing',
        guard: 'isNewPost',
      },
    },
    loadFailed: {
      description: 'The post could not be loaded (gone, or no answer); it can be asked again.',
      tags: ['loadFailed'],
      on: {
        'editor.retry': {
          target: 'loading',
        },
      },
    },
    editing: {
      description: 'The form, its preview and its cover, each going on by itself.',
      type: 'parallel',
      on: {
        'editor.delete': {
          target: 'confirmingDelete',
          guard: 'isExistingPost',
          actions: 'openConfirm',
        },
      },
      states: {
        preview: {
          description: 'The rendered body beside the form, following the typing.',
          initial: 'waiting',
          on: {
            'editor.edit': {
              target: '.waiting',
              actions: 'applyEdit',
            },
          },
          states: {
            waiting: {
              description: 'Typing: the preview is rendered once it pauses.',
              after: {
                previewDelay: {
                  target: 'rendering',
                },
              },
            },
            rendering: {
              description: 'The server renders the body with the post page’s rules.',
              tags: ['rendering'],
              invoke: {
                id: 'renderPreview',
                src: 'renderPreview',
                onDone: {
                  target: 'shown',
                  actions: 'rememberPreview',
                },
                onError: {
                  target: 'failed',
                },
              },
            },
            shown: {
              description: 'The preview shows the body as typed.',
            },
            failed: {
              description: 'The preview could not be rendered; the last one stays, marked as stale.',
            },
          },
        },
        image: {
          description: 'The cover image: checked, uploaded, or refused with a reason.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No upload going on.',
              on: {
                'editor.uploadImage': [
                  {
                    target: 'uploading',
                    guard: 'isAcceptableImage',
                    actions: 'clearImageProblem',
                  },
                  {
                    target: 'failed',
                    actions: 'rejectImage',
                  },
                ],
                'editor.removeImage': {
                  actions: 'removeImage',
                },
              },
            },
            uploading: {
              description: 'The file is on its way to the server.',
              tags: ['uploading'],
              invoke: {
                id: 'uploadImage',
                src: 'uploadImage',
                onDone: {
                  target: 'idle',
                  actions: 'rememberImage',
                },
                onError: {
                  target: 'failed',
                  actions: 'rememberImageFailure',
                },
              },
            },
            failed: {
              description: 'The file was refused (type, size) or could not be sent; another may be chosen.',
              on: {
                'editor.uploadImage': [
                  {
                    target: 'uploading',
                    guard: 'isAcceptableImage',
                    actions: 'clearImageProblem',
                  },
                  {
                    actions: 'rejectImage',
                  },
                ],
                'editor.removeImage': {
                  target: 'idle',
                  actions: 'removeImage',
                },
              },
            },
          },
        },
        save: {
          description: 'Saving the draft with a status.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Not saved since the last change (or never).',
              on: {
                'editor.save': [
                  {
                    target: 'saving',
                    guard: 'canSave',
                    actions: 'rememberSent',
                  },
                  {
                    actions: 'showProblems',
                  },
                ],
              },
            },
            saving: {
              description: 'The post is being saved; the form stays editable.',
              tags: ['saving'],
              invoke: {
                id: 'savePost',
                src: 'savePost',
                onDone: [
                  {
                    target: 'idle',
                    guard: 'draftChanged',
                    actions: ['emitSaved', 'rememberSaved'],
                  },
                  {
                    target: 'saved',
                    actions: ['emitSaved', 'rememberSaved'],
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: ['rememberFailure', 'emitFailed'],
                },
              },
            },
            saved: {
              description: 'Saved as shown; the next change makes it unsaved again.',
              tags: ['saved'],
              on: {
                'editor.save': [
                  {
                    target: 'saving',
                    guard: 'canSave',
                    actions: 'rememberSent',
                  },
                  {
                    actions: 'showProblems',
                  },
                ],
              },
              always: {
                target: 'idle',
                guard: 'draftChanged',
              },
            },
            failed: {
              description: 'The save failed; the draft is kept as typed and can be saved again.',
              tags: ['saveFailed'],
              on: {
                'editor.save': [
                  {
                    target: 'saving',
                    guard: 'canSave',
                    actions: 'rememberSent',
                  },
                  {
                    actions: 'showProblems',
                  },
                ],
              },
              always: {
                target: 'idle',
                guard: 'draftChanged',
              },
            },
          },
        },
      },
    },
    confirmingDelete: {
      description: 'The confirm modal (kind delete) asks whether to delete the post.',
      tags: ['confirming'],
      on: {
        'editor.answer': [
          {
            target: 'deleting',
            guard: 'confirmed',
            actions: 'resolveConfirm',
          },
          {
            target: 'editing',
            actions: 'rejectConfirm',
          },
        ],
      },
    },
    deleting: {
      description: 'The post is being deleted.',
      tags: ['deleting'],
      invoke: {
        id: 'deletePost',
        src: 'deletePost',
        onDone: {
          target: 'deleted',
          actions: 'emitDeleted',
        },
        onError: {
          target: 'editing',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    deleted: {
      description: 'The post is gone; the screen returns to the list.',
      type: 'final',
      tags: ['deleted'],
    },
  },
});
