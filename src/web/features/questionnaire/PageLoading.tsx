import { Center, Spinner } from '@chakra-ui/react';

export function PageLoading({ label }: { label?: string }) {
  return (
    <Center py="24" data-testid="page-loading">
      <Spinner size="lg" color="brand.fg" aria-label={label} />
    </Center>
  );
}
