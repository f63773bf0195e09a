// The recipes of the Chakra components the app draws beyond the first paint (forms, dialogs, menus, tables,
// tabs, toasts…). The first load's theme (theme.ts) carries only what the shell and home draw; these join the
// same system before the first page loaded on demand, or a part of the shell drawn later (the account menu, the
// toasts, the newsletter sign-up), renders: lazyPage.ts waits for them beside the part's code. Chakra reads a
// component's recipe from the system's theme when the component first renders, so adding them before then is
// the same as having had them from the start.
import type { SystemContext } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  scrollAreaSlotRecipe,
  segmentGroupSlotRecipe,
  selectSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  statusSlotRecipe,
  stepsSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

export const pageRecipes = {
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  skipNavLink: skipNavLinkRecipe,
  textarea: textareaRecipe,
  icon: iconRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  radiomark: radiomarkRecipe,
};

export const pageSlotRecipes = {
  accordion: accordionSlotRecipe,
  alert: alertSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  scrollArea: scrollAreaSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  select: selectSlotRecipe,
  steps: stepsSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
  status: statusSlotRecipe,
};

/** Adds the recipes to the system's theme (the object its getRecipe and getSlotRecipe read). */
export function addPageRecipes(system: SystemContext): void {
  const theme = system._config.theme;
  if (!theme?.recipes || !theme.slotRecipes) throw new Error('the theme has no recipes to add to (theme.ts)');
  Object.assign(theme.recipes, pageRecipes);
  Object.assign(theme.slotRecipes, pageSlotRecipes);
}
