// Prints the CSS Chakra's provider would otherwise build in the browser on every page load: the cascade
// layers' order, the reset, the global styles and every design token as a CSS variable. Rendered once with
// the app's own system, as the server renderer of Emotion writes it, so the page gets the same rules.
// Run by scripts/vite-chakra-static-css.ts at build time.
import { renderToStaticMarkup } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../src/web/kernel/theme';

const markup = renderToStaticMarkup(<ChakraProvider value={system}>{null}</ChakraProvider>);
const rules = [...markup.matchAll(/<style data-emotion="[^"]*"[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
if (rules.length < 2) throw new Error(`expected the layers' order and the global styles, found ${rules.length} style blocks`);
process.stdout.write(rules.join('\n'));
