// A box that scrolls its content sideways inside its card instead of running past it (a table on a phone), and
// that keyboard users can scroll too: focusable (tabIndex 0) and named, as a region, by `label`.
import type { ReactNode } from 'react';
import { Box, type BoxProps } from '@chakra-ui/react';

export interface ScrollRegionProps extends Omit<BoxProps, 'aria-label'> {
  label: string;
  children: ReactNode;
}

export function ScrollRegion({ label, children, ...rest }: ScrollRegionProps) {
  return (
    <Box
      overflowX="auto"
      maxW="full"
      tabIndex={0}
      role="region"
      aria-label={label}
      _focusVisible={{ outline: '2px solid', outlineColor: 'teal.600', outlineOffset: '2px' }}
      {...rest}
    >
      {children}
    </Box>
  );
}
