// The Paybench look: Chakra UI's default system with a brand palette (a deep teal that reads as
// "finance" without the usual bank blue) usable as colorPalette="brand", and the system font stack
// (the content security policy allows no font CDN).
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { badgeRecipe } from '@chakra-theme/recipes/badge.js';
import { buttonRecipe } from '@chakra-theme/recipes/button.js';
import { cardSlotRecipe } from '@chakra-theme/recipes/card.js';
import { containerRecipe } from '@chakra-theme/recipes/container.js';
import { headingRecipe } from '@chakra-theme/recipes/heading.js';
import { linkRecipe } from '@chakra-theme/recipes/link.js';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner.js';
import { statSlotRecipe } from '@chakra-theme/recipes/stat.js';
import { chakraThemeBase } from './chakraThemeBase';
import { nextTask } from './nextTask';

// Chakra's default theme, less the recipes of components Paybench does not use (date and colour pickers,
// combobox, tree view, carousel…): defaultConfig would bundle all of them into the first load of every
// page. The recipes of the components the app uses beyond the first paint are in pageRecipes.ts, fetched with
// the first page loaded on demand. A component added later whose recipe is in neither renders unstyled — add
// its recipe to pageRecipes.ts and take it out of COMPONENTS_WITHOUT_RECIPE (tests/web/themeRecipes.test.ts
// fails while a view uses one of those).
/** Chakra components whose recipes the theme leaves out: a view using one would render it unstyled. */
export const COMPONENTS_WITHOUT_RECIPE = [
  'ActionBar',
  'Avatar',
  'Blockquote',
  'Breadcrumb',
  'Carousel',
  'CheckboxCard',
  'CodeBlock',
  'ColorPicker',
  'ColorSwatch',
  'Combobox',
  'DateInput',
  'DatePicker',
  'Editable',
  'FileUpload',
  'FloatingPanel',
  'HoverCard',
  'Kbd',
  'Listbox',
  'Mark',
  'Marquee',
  'NumberInput',
  'PinInput',
  'ProgressCircle',
  'QrCode',
  'RadioCard',
  'RatingGroup',
  'Slider',
  'Splitter',
  'TagsInput',
  'Timeline',
  'TreeView',
] as const;

const usedTheme = defineConfig({
  ...chakraThemeBase,
  theme: {
    ...chakraThemeBase.theme,
    // What the shell and home draw (the header, footer, cookie bar, home, loading states); every other recipe
    // joins the system before the first other page or lazy part renders (pageRecipes.ts).
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      stat: statSlotRecipe,
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
      // The app's frame (PAGE_MAX_W): 80rem, Chakra's 7xl.
      sizes: {
        page: { value: '80rem' },
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

/**
 * The width of the app's frame (the `page` size token): the header, the footer, the cookie bar, the home page's
 * bands and every wide page share it, so their content starts at one left edge on any screen.
 */
export const PAGE_MAX_W = 'page';
/** The frame's side gutters: the Container recipe's, for a frame that is not a Container (the admin layout). */
export const PAGE_GUTTER = { base: '4', md: '6', lg: '8' } as const;
