/**
 * The answer of the confirm modal (machines/confirmModal) a machine invokes as `confirm` and asks through
 * `openConfirm`: its `<flow>.answer` event either confirms — to `yes`, resolving the modal — or not — to `no`,
 * rejecting it. The machine names the guard `confirmed` and the actions `resolveConfirm` / `rejectConfirm` in its
 * setup, so the chart still reads on its own in the Stately editor.
 */
export function answerConfirm<const Yes extends string, const No extends string>(yes: Yes, no: No) {
  return [
    { guard: 'confirmed', target: yes, actions: 'resolveConfirm' },
    { target: no, actions: 'rejectConfirm' },
  ] as const;
}
