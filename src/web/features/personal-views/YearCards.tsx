// A per-year table as cards on a narrow screen (tables reflow into cards on a phone, no page scrolls
// sideways): each year a card with its note and its figures as labelled pairs. The table beside it shows from md up.
import type { ReactNode } from 'react';
import { Box, Stack, Text } from '@chakra-ui/react';

export interface YearCard {
  year: number;
  /** Why the year has no figures (a year under K), shown under it. */
  note?: string | null;
  figures: Array<{ label: string; value: ReactNode }>;
}

export function YearCards({ cards, testId }: { cards: YearCard[]; testId: string }) {
  return (
    <Stack as="ul" gap="2" m="0" p="0" hideFrom="md" data-testid={testId}>
      {cards.map((card) => (
        <Box as="li" key={card.year} listStyleType="none" borderWidth="1px" rounded="md" p="3" data-testid={`${testId}-${card.year}`}>
          <Stack gap="2">
            <Stack gap="0">
              <Text fontWeight="semibold">{card.year}</Text>
              {card.note && (
                <Text fontSize="xs" color="fg.muted">
                  {card.note}
                </Text>
              )}
            </Stack>
            <Box as="dl" display="grid" gridTemplateColumns="1fr 1fr" columnGap="3" rowGap="2" m="0">
              {card.figures.map((figure) => (
                <div key={figure.label}>
                  <Text as="dt" fontSize="sm" color="fg.muted">
                    {figure.label}
                  </Text>
                  <Text as="dd" m="0">
                    {figure.value}
                  </Text>
                </div>
              ))}
            </Box>
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
