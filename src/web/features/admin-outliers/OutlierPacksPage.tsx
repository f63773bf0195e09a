// /admin/outliers (admin): the outlier packs with their status; create or edit one (PackEditor), calculate it and see
// its impact (PackImpact), activate, deactivate or delete it behind the confirm modal. The flows are the machines
// outlierPacks, outlierPackEditor and outlierCalculation; this view renders them and sends their events.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Container, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { outlierPacksMachine } from '../../../../machines/outlierPacks/outlierPacksMachine';
import { outlierPacksView, sameOutlierPacksView } from '../../../../machines/outlierPacks/viewModel';
import { outlierCalls, type OutlierPack } from '../../../../machines/outlierPacks/calls';
import { ConfirmModal } from '../../components/ConfirmModal';
import { inspect } from '../../kernel/inspector';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { PackEditor } from './PackEditor';
import { PackImpact } from './PackImpact';
import { groupingText, reasonText, ruleText } from './format';
import { ScrollRegion } from '../../components/ScrollRegion';
import { PageHeading } from '../../components/PageIntro';

const calls = outlierCalls();
const packsMachine = outlierPacksMachine.provide({ actors: { listPacks: calls.listPacks, savePack: calls.savePack, deletePack: calls.deletePack } });

/** What the page shows beside the list: the form (new pack or one to edit) or a pack's impact. */
type Panel = { kind: 'none' } | { kind: 'editor'; pack: OutlierPack | null } | { kind: 'impact'; packId: string };

/** The actions the confirm modal asks about, in the row's order, with their buttons' look (activate is the solid one). */
const ASKED_ACTIONS = [
  { action: 'activate', colorPalette: 'green', variant: undefined },
  { action: 'deactivate', colorPalette: 'orange', variant: 'outline' },
  { action: 'delete', colorPalette: 'red', variant: 'outline' },
] as const;

const STATUS_PALETTE = { active: 'green', calculated: 'blue', not_calculated: 'gray' } as const;

export default function OutlierPacksPage() {
  const { t } = useTranslation();
  const packs = useActorRef(packsMachine, { inspect });
  const view = useSelector(packs, outlierPacksView, sameOutlierPacksView);
  const confirm = useSelector(packs, (s) => s.children.confirm);
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  // A deleted pack's panel closes.
  useEffect(() => {
    const subscription = packs.on('packs.changed', ({ id, action }) => {
      if (action === 'delete') setPanel((current) => (current.kind === 'impact' && current.packId === id ? { kind: 'none' } : current));
    });
    return () => subscription.unsubscribe();
  }, [packs]);

  const selected = panel.kind === 'impact' ? view.rows.find((row) => row.pack.id === panel.packId)?.pack : undefined;

  let list;
  if (view.status === 'loading') list = <LoadingSpinner skeleton="table" />;
  else if (view.status === 'failed') {
    list = (
      <Alert.Root status="error" data-testid="outlier-packs-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('admin_outliers.unavailable')}</Alert.Title>
          <Button size="sm" variant="outline" mt="2" onClick={() => packs.send({ type: 'packs.retry' })}>
            {t('admin_outliers.retry')}
          </Button>
        </Alert.Content>
      </Alert.Root>
    );
  } else if (view.status === 'empty') {
    list = (
      <Text color="fg.muted" data-testid="outlier-packs-empty">
        {t('admin_outliers.empty')}
      </Text>
    );
  } else {
    list = (
      <ScrollRegion label={t('sections.admin_outliers')} borderWidth="1px" rounded="md">
        <Table.Root size="sm" data-testid="outlier-packs-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('admin_outliers.columns.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_outliers.columns.rule')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_outliers.columns.groups')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_outliers.columns.status')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('admin_outliers.columns.flagged')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_outliers.columns.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {view.rows.map(({ pack, status, canActivate, canDeactivate, canDelete }) => {
              const allowed = { activate: canActivate, deactivate: canDeactivate, delete: canDelete };
              return (
                <Table.Row key={pack.id} data-testid="outlier-pack-row" data-id={pack.id} data-status={status}>
                  <Table.Cell fontWeight="semibold">{pack.name}</Table.Cell>
                  <Table.Cell>{ruleText(t, pack)}</Table.Cell>
                  <Table.Cell>{groupingText(t, pack.groupBy)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATUS_PALETTE[status]} data-testid="outlier-pack-status">
                      {t(`admin_outliers.status.${status}`)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {pack.lastResult ? t('admin_outliers.flagged_of', { flagged: pack.lastResult.excludedForms, total: pack.lastResult.totalForms }) : '—'}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="2" wrap="wrap">
                      <Button size="xs" variant="outline" onClick={() => setPanel({ kind: 'impact', packId: pack.id })} data-testid="outlier-pack-impact">
                        {t('admin_outliers.actions.impact')}
                      </Button>
                      <Button size="xs" variant="outline" onClick={() => setPanel({ kind: 'editor', pack })} data-testid="outlier-pack-edit">
                        {t('admin_outliers.actions.edit')}
                      </Button>
                      {ASKED_ACTIONS.filter(({ action }) => allowed[action]).map(({ action, colorPalette, variant }) => (
                        <Button
                          key={action}
                          size="xs"
                          variant={variant}
                          colorPalette={colorPalette}
                          disabled={view.busy}
                          onClick={() => packs.send({ type: 'packs.ask', id: pack.id, action })}
                          data-testid={`outlier-pack-${action}`}
                        >
                          {t(`admin_outliers.actions.${action}`)}
                        </Button>
                      ))}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </ScrollRegion>
    );
  }

  return (
    <Container maxW="6xl" py="8">
      <Stack gap="6">
        <PageHeading gap="2" title={t('admin_outliers.title')} intro={t('admin_outliers.intro')}>
          <HStack gap="4" wrap="wrap">
            <Button colorPalette="brand" onClick={() => setPanel({ kind: 'editor', pack: null })} data-testid="outlier-pack-new">
              {t('admin_outliers.new_pack')}
            </Button>
            <Link asChild color="brand.700">
              <RouterLink to="/admin/outliers/forms" data-testid="outlier-forms-link">
                {t('admin_outliers.flagged_forms_link')}
              </RouterLink>
            </Link>
          </HStack>
        </PageHeading>
        {view.failureCode && view.status !== 'failed' && (
          <Alert.Root status="error" data-testid="outlier-packs-failure">
            <Alert.Indicator />
            <Alert.Title>{reasonText(t, view.failureCode)}</Alert.Title>
          </Alert.Root>
        )}
        {panel.kind === 'editor' && (
          <PackEditor
            key={panel.pack?.id ?? 'new'}
            pack={panel.pack}
            onClose={() => setPanel({ kind: 'none' })}
            onSaved={(saved) => {
              packs.send({ type: 'packs.reload' });
              setPanel({ kind: 'impact', packId: saved.id });
            }}
          />
        )}
        {list}
        {panel.kind === 'impact' && selected && (
          <PackImpact key={selected.id} pack={selected} onCalculated={() => packs.send({ type: 'packs.reload' })} onClose={() => setPanel({ kind: 'none' })} />
        )}
      </Stack>
      {confirm && <ConfirmModal actor={confirm} busy={view.working} onAnswer={(confirmed) => packs.send({ type: 'packs.answer', confirmed })} />}
    </Container>
  );
}
