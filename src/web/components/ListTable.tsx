// The one view of a list served in pages (machines/list): the filter bar it is given, then loading (a skeleton),
// failed (with a retry), empty ("nothing matches" with a button that clears the filters when some are set) or the
// table, which scrolls sideways inside its card and is reachable by keyboard, with the total above it and the pager
// below. Every admin list, the account's lists and my searches render through it; texts and test ids come from
// the page (`<testId>-loading`, `-error`, `-retry`, `-empty`, `-total`, `-scroll`, `-table`, `-pager`).
import type { ReactNode } from 'react';
import { Box, Button, Field, HStack, Input, Skeleton, Stack, Table, Text, type BoxProps, type TableCellProps, type TableRowProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ListEvent } from '../../../machines/list/listMachine';
import type { ListView } from '../../../machines/list/viewModel';
import type { ListFilters } from '../../../machines/list/listMachine';
import { ScrollRegion } from './ScrollRegion';
import { RetryAlert } from './ActionAlert';

export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  cell: (item: T) => ReactNode;
  align?: 'end';
  cellProps?: TableCellProps;
}

export interface ListTexts {
  /** The name of the table's scrolling region. */
  label: string;
  unavailable: string;
  retry: string;
  empty: string;
  /** The empty text when filters are set, with `clear` to remove them. */
  noMatch?: string;
  clear?: string;
}

/**
 * A list's texts from its locale keys under `prefix`: `table` (the table's name), `unavailable` and `empty`, and
 * `no_match` for a list whose filters can leave it empty. Retrying and clearing the filters read the same in every
 * list (`list.retry`, `list.clear_filters`); `clear` is for the lists whose empty state offers that button.
 */
export function listTexts(t: TFunction, prefix: string, filters: { noMatch?: boolean; clear?: boolean } = {}): ListTexts {
  return {
    label: t(`${prefix}.table`),
    unavailable: t(`${prefix}.unavailable`),
    retry: t('list.retry'),
    empty: t(`${prefix}.empty`),
    ...(filters.noMatch && { noMatch: t(`${prefix}.no_match`) }),
    ...(filters.clear && { clear: t('list.clear_filters') }),
  };
}

/** What the list component reads of a list's view (machines/list/viewModel's `ListView` has it all). */
export type ListTableView<T> = Pick<ListView<T>, 'status' | 'items' | 'filtered' | 'loading' | 'page' | 'pages' | 'canGoBack' | 'canGoForward' | 'canRetry'>;

export interface ListTableProps<T> {
  view: ListTableView<T>;
  /** Sends the list machine's events. */
  send: (event: ListEvent) => void;
  testId: string;
  texts: ListTexts;
  columns: ListColumn<T>[];
  rowKey: (item: T) => string;
  rowProps?: (item: T) => TableRowProps & Record<`data-${string}`, unknown>;
  /** The filter bar, shown in every state. */
  filters?: ReactNode;
  /** The line above the table (a count); none when absent. */
  total?: ReactNode;
  striped?: boolean;
  /** The rows' region: e.g. hidden on a phone where `after` shows the same items as cards. */
  regionProps?: BoxProps;
  /** What follows the table (the same items as cards on a phone). */
  after?: (items: T[]) => ReactNode;
  /** Instead of a table: the items as another element (a list of cards). */
  body?: (items: T[]) => ReactNode;
  skeletonHeight?: BoxProps['height'];
  /** Instead of the skeleton while the first page loads. */
  loadingElement?: ReactNode;
  /** Under the empty text (a way to fill the list). */
  emptyAction?: ReactNode;
}

export function ListTable<T>(props: ListTableProps<T>) {
  const { view, filters } = props;
  return (
    <Stack gap="6">
      {filters}
      {view.status === 'ready' ? <ListRows {...props} /> : <ListStates {...props} />}
    </Stack>
  );
}

/** Loading, failed or empty: the element of a list that is not ready. */
function ListStates<T>({ view, send, testId, texts, skeletonHeight = '48', loadingElement, emptyAction }: ListTableProps<T>) {
  if (view.status === 'loading') {
    return loadingElement ? (
      <Stack aria-busy="true" data-testid={`${testId}-loading`}>
        {loadingElement}
      </Stack>
    ) : (
      <Skeleton height={skeletonHeight} rounded="md" data-testid={`${testId}-loading`} />
    );
  }
  if (view.status === 'failed') {
    return (
      <RetryAlert
        data-testid={`${testId}-error`}
        message={texts.unavailable}
        retry={texts.retry}
        onRetry={() => send({ type: 'list.retry' })}
        canRetry={view.canRetry}
        retryTestId={`${testId}-retry`}
      />
    );
  }
  const noMatch = view.filtered && texts.noMatch;
  return (
    <Stack gap="3" align="start" data-testid={`${testId}-empty`}>
      <Text color="fg.muted">{noMatch || texts.empty}</Text>
      {noMatch && texts.clear && (
        <Button size="sm" variant="outline" onClick={() => send({ type: 'list.clearFilters' })}>
          {texts.clear}
        </Button>
      )}
      {emptyAction}
    </Stack>
  );
}

function ListRows<T>({ view, send, testId, texts, columns, rowKey, rowProps, total, striped, regionProps, after, body }: ListTableProps<T>) {
  return (
    <Stack gap="3" aria-busy={view.loading} data-loading={view.loading}>
      {total !== undefined && (
        <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-total`}>
          {total}
        </Text>
      )}
      {body ? (
        body(view.items)
      ) : (
        <ScrollRegion label={texts.label} borderWidth="1px" rounded="md" data-testid={`${testId}-scroll`} {...regionProps}>
          <Table.Root size="sm" striped={striped} data-testid={`${testId}-table`}>
            <Table.Header>
              <Table.Row>
                {columns.map((column) => (
                  <Table.ColumnHeader key={column.key} textAlign={column.align}>
                    {column.header}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {view.items.map((item) => (
                <Table.Row key={rowKey(item)} {...rowProps?.(item)}>
                  {columns.map((column) => (
                    <Table.Cell key={column.key} textAlign={column.align} {...column.cellProps}>
                      {column.cell(item)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
      )}
      {after?.(view.items)}
      <ListPager view={view} onPage={(page) => send({ type: 'list.goToPage', page })} testId={`${testId}-pager`} />
    </Stack>
  );
}

export interface ListPagerProps {
  view: Pick<ListTableView<unknown>, 'page' | 'pages' | 'canGoBack' | 'canGoForward'>;
  onPage: (page: number) => void;
  testId: string;
}

/** Previous / next with "page X of Y"; nothing for a single page. */
export function ListPager({ view: { page, pages, canGoBack, canGoForward }, onPage, testId }: ListPagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <HStack as="nav" aria-label={t('list.pager.label')} gap="3" justify="center" data-testid={testId}>
      <Button size="sm" variant="outline" disabled={!canGoBack} onClick={() => onPage(page - 1)} data-testid={`${testId}-previous`}>
        {t('list.pager.previous')}
      </Button>
      <Text fontSize="sm" data-testid={`${testId}-status`}>
        {t('list.pager.status', { page, pages })}
      </Text>
      <Button size="sm" variant="outline" disabled={!canGoForward} onClick={() => onPage(page + 1)} data-testid={`${testId}-next`}>
        {t('list.pager.next')}
      </Button>
    </HStack>
  );
}

/** The filter bar of a list whose typed filters apply on submit (Enter, or its submit button). */
export function ListFilterForm({ label, send, children }: { label: string; send: (event: ListEvent) => void; children: ReactNode }) {
  return (
    <Box
      as="form"
      role="search"
      aria-label={label}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        send({ type: 'list.apply' });
      }}
    >
      {children}
    </Box>
  );
}

export interface ListTextFilterProps {
  /** The filter's name in the machine (and the address bar). */
  name: string;
  /** The input's id and test id. */
  id: string;
  label: string;
  placeholder: string;
  draft: ListFilters;
  send: (event: ListEvent) => void;
  size?: 'sm';
  fieldProps?: Field.RootProps;
}

/** A filter typed in a text box: what is typed goes to the machine's draft, applied with the form. */
export function ListTextFilter({ name, id, label, placeholder, draft, send, size, fieldProps }: ListTextFilterProps) {
  return (
    <Field.Root {...fieldProps}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <Input
        id={id}
        type="search"
        size={size}
        maxLength={200}
        value={draft[name] ?? ''}
        placeholder={placeholder}
        onChange={(event) => send({ type: 'list.edit', name, value: event.currentTarget.value })}
        data-testid={id}
      />
    </Field.Root>
  );
}
