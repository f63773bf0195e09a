// Chakra UI v3 toaster (an owned snippet): one toaster for the app. This file holds only the store that toasts are
// added to (kernel/catalogueToast.tsx); it and the region that shows them (ToasterRegion.tsx) load with the first
// toast (kernel/toasts.ts), as the toast machinery is not needed to draw a page. Toasts added before the region
// loads show once it is there.
import { createToaster } from '@chakra-ui/react';

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });
