// The Paybench look: Chakra UI's default system with a brand palette (a deep teal that reads as
// "finance" without the usual bank blue) usable as colorPalette="brand", and the system font stack
// (the content security policy allows no font CDN).
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
  accordionSlotRecipe,
  alertSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  linkRecipe,
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
  spinnerRecipe,
  statSlotRecipe,
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
import { nextTask } from './nextTask';

// Chakra's default theme, less the recipes of components Paybench does not use (date and colour pickers,
// combobox, tree view, carousel…): defaultConfig would bundle all of them into the first load of every
// page. A component added later whose recipe is not listed here renders unstyled — add its recipe below and
// take it out of COMPONENTS_WITHOUT_RECIPE (tests/web/themeRecipes.test.ts fails while a view uses one of those).
/** Chakra components whose recipes the theme leaves out: a view using one would render it unstyled. */
export const COMPONENTS_WITHOUT_RECIPE = [
  'ActionBar', 'Avatar', 'Blockquote', 'Breadcrumb', 'Carousel', 'CheckboxCard', 'CodeBlock', 'ColorPicker', 'ColorSwatch',
  'Combobox', 'DateInput', 'DatePicker', 'Editable', 'FileUpload', 'FloatingPanel', 'HoverCard', 'Kbd', 'Listbox', 'Mark',
  'Marquee', 'NumberInput', 'PinInput', 'ProgressCircle', 'QrCode', 'RadioCard', 'RatingGroup', 'Slider', 'Splitter',
  'TagsInput', 'Timeline', 'TreeView',
] as const;

const usedTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
      icon: iconRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      radiomark: radiomarkRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
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
      stat: statSlotRecipe,
      steps: stepsSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
      status: statusSlotRecipe,
    },
  },
});

const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e8f4f2' },
          100: { value: '#c6e4df' },
          200: { value: '#9fd1c9' },
          300: { value: '#73bbb1' },
          400: { value: '#4da89d' },
          500: { value: '#2a9386' },
          600: { value: '#207a6f' },
          700: { value: '#196259' },
          800: { value: '#134b44' },
          900: { value: '#0d3531' },
          950: { value: '#07211e' },
        },
      },
      fonts: {
        heading: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: '{colors.white}' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        // Chakra's defaults for status text (red.500, orange.600, green.600) fall under WCAG's 4.5:1 on white;
        // one shade darker passes on white and on the matching subtle backgrounds.
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
  },
});

// Chakra's modules have just been evaluated (~20 ms on a laptop): the system is built in the next task, so that
// the two are not one task blocking a phone for ~300 ms (src/web/early.ts).
await nextTask();

export const system = createSystem(defaultBaseConfig, usedTheme, config);
