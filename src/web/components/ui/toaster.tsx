// Chakra UI v3 toaster (an owned snippet): one toaster for the app. This file holds only the store that
// pages add toasts to; the region that shows them (ToasterRegion.tsx) is loaded after the first paint, as
// the toast machinery is not needed to draw a page. Toasts added before it loads show once it is there.
import { createToaster } from '@chakra-ui/react';

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });
