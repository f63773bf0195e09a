// What a long wait shows instead of a bare spinner (LoadingSpinner, once the loading machine says the load is slow):
// the outline of what is coming, in Chakra's skeletons. Fetched with the page recipes (the skeleton's is one of
// them) the first time a load is slow: the first paint never needs it.
import { Box, HStack, SimpleGrid, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';

/** The outline drawn: `table` for lists, `comparison` for a result of figures and charts, `page` for the rest. */
export type SkeletonShape = 'page' | 'table' | 'comparison';

const TABLE_ROWS = 6;
const TABLE_COLUMNS = 4;
const COMPARISON_CARDS = 2;
const FIGURE_ROWS = 4;

function TableSkeleton() {
  return (
    <Stack gap="3">
      <HStack gap="4">
        {Array.from({ length: TABLE_COLUMNS }, (_, column) => (
          <Skeleton key={column} flex="1" height="5" />
        ))}
      </HStack>
      {Array.from({ length: TABLE_ROWS }, (_, row) => (
        <HStack key={row} gap="4" data-part="row">
          {Array.from({ length: TABLE_COLUMNS }, (_, column) => (
            <Skeleton key={column} flex="1" height="8" />
          ))}
        </HStack>
      ))}
    </Stack>
  );
}

function ComparisonSkeleton() {
  return (
    <Stack gap="5">
      <Skeleton height="20" rounded="lg" />
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        {Array.from({ length: COMPARISON_CARDS }, (_, card) => (
          <Stack key={card} gap="3" borderWidth="1px" rounded="lg" p="4">
            <Skeleton height="5" width="40%" />
            <Skeleton height="150px" rounded="md" data-part="chart" />
            {Array.from({ length: FIGURE_ROWS }, (_, row) => (
              <HStack key={row} gap="4" data-part="figure">
                <Skeleton height="4" width="10rem" />
                <Skeleton height="4" flex="1" />
              </HStack>
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function PageSkeleton() {
  return (
    <Stack gap="4">
      <Skeleton height="8" width="50%" />
      <SkeletonText noOfLines={4} gap="3" />
      <Skeleton height="32" rounded="lg" />
    </Stack>
  );
}

export default function LoadingSkeleton({ shape }: { shape: SkeletonShape }) {
  return (
    <Box width="full" aria-hidden="true" data-testid="loading-skeleton" data-shape={shape}>
      {shape === 'table' ? <TableSkeleton /> : shape === 'comparison' ? <ComparisonSkeleton /> : <PageSkeleton />}
    </Box>
  );
}
