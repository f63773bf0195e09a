// The Paybench look: Chakra UI's default system with a brand palette (a deep teal that reads as
// "finance" without the usual bank blue) usable as colorPalette="brand", and the system font stack
// (the content security policy allows no font CDN).
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

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
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
  },
});

export const system = createSystem(defaultConfig, config);
