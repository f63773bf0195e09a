// /admin/releases: the statistics releases (date, size, forms changed since the previous one), the next scheduled
// cut and K, and "cut a release now" behind the confirm modal (kind cut); a refused cut says why. The flow is
// machines/adminReleases.
import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { adminReleasesMachine } from '../../../../../machines/adminReleases/adminReleasesMachine';
import { adminReleasesActors } from '../../../../../machines/adminReleases/actors';
import { adminReleasesView, sameAdminReleasesView } from '../../../../../machines/adminReleases/viewModel';
import type { ConfirmModalMachine } from '../../../../../machines/confirmModal/confirmModalMachine';
import { ConfirmModal } from '../../../app/ConfirmModal';
import { inspect } from '../../../app/inspector';
import { useLanguage, useNotifyFailure } from '../../../app/session';
import { formatCount, NUMBER_LOCALE } from '../../../../domain/language';
import { AdminPageHeading, formatAdminDate, LoadFailed } from '../AdminParts';
import { ListPager } from '../../../components/ListTable';

export default function AdminReleasesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = NUMBER_LOCALE[language];
  const n = (value: number) => formatCount(value, language);
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => adminReleasesMachine.provide({ actors: adminReleasesActors() }));
  const releases = useActorRef(machine, { input: {}, inspect });
  const view = useSelector(releases, adminReleasesView, sameAdminReleasesView);
  const confirm = useSelector(releases, (s) => s.children.confirm as ActorRefFrom<ConfirmModalMachine> | undefined);
  useEffect(() => {
    const subscription = releases.on('releases.failed', ({ failure }) => notifyFailure(failure));
    return () => subscription.unsubscribe();
  }, [releases, notifyFailure]);

  const next = view.nextScheduledCut;
  const nextText =
    next === null
      ? t('admin.releases.next_cut_none')
      : new Date(next).getTime() < Date.now()
        ? t('admin.releases.next_cut_overdue', { date: formatAdminDate(next, locale), threshold: view.threshold ?? '' })
        : t('admin.releases.next_cut', { date: formatAdminDate(next, locale) });

  return (
    <Box data-testid="admin-releases-page" aria-busy={view.loading || view.cutting}>
      <AdminPageHeading
        title={t('admin.releases.title')}
        intro={t('admin.releases.intro')}
        actions={
          <Button colorPalette="brand" onClick={() => releases.send({ type: 'releases.askCut' })} disabled={!view.canCut} loading={view.cutting} loadingText={t('admin.releases.cutting')} data-testid="releases-cut">
            {t('admin.releases.cut_now')}
          </Button>
        }
      />
      <Stack gap="4">
        <Alert.Root status="info" data-testid="releases-effect-note">
          <Alert.Indicator />
          <Alert.Description>{t('admin.releases.effect_note')}</Alert.Description>
        </Alert.Root>

        {/* What the last "cut now" did: announced politely to screen readers. */}
        <Box aria-live="polite">
          {view.outcome?.kind === 'cut' && (
            <Alert.Root status="success" data-testid="releases-cut-done">
              <Alert.Indicator />
              <Alert.Description>
                {t('admin.releases.cut_done', {
                  sequence: view.outcome.result.release.sequence,
                  forms: t('admin.stats.cards.release_forms', { count: view.outcome.result.release.size, formatted: n(view.outcome.result.release.size) }),
                  changed: t('admin.stats.cards.release_changed', { count: view.outcome.result.changedForms, formatted: n(view.outcome.result.changedForms) }),
                })}
              </Alert.Description>
            </Alert.Root>
          )}
          {view.outcome?.kind === 'refused' && (
            <Alert.Root status="warning" data-testid="releases-refused">
              <Alert.Indicator />
              <Alert.Description>{t('admin.releases.refused', { count: view.outcome.result.changedForms, formatted: n(view.outcome.result.changedForms), threshold: view.outcome.result.threshold })}</Alert.Description>
            </Alert.Root>
          )}
          {view.cutFailure && (
            <Alert.Root status="error" data-testid="releases-cut-failed">
              <Alert.Indicator />
              <Alert.Description>
                {t('admin.releases.cut_failed')} {view.cutFailure.errorCode ? t(`errors.codes.${view.cutFailure.errorCode}`, { defaultValue: '' }) : ''}
              </Alert.Description>
            </Alert.Root>
          )}
        </Box>

        {view.status === 'failed' && <LoadFailed onRetry={() => releases.send({ type: 'releases.retry' })} canRetry={view.canRetry} testId="releases-failed" />}

        {view.status !== 'failed' && view.threshold !== null && (
          <Stack gap="1" data-testid="releases-schedule">
            <Text fontWeight="medium" data-testid="releases-next-cut">
              {nextText}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('admin.releases.threshold', { threshold: view.threshold })}
            </Text>
          </Stack>
        )}

        {view.status === 'ready' && view.releases.length === 0 && <Text data-testid="releases-empty">{t('admin.releases.empty')}</Text>}
        {view.releases.length > 0 && (
          <Box overflowX="auto" tabIndex={0} role="region" aria-label={t('admin.releases.title')}>
            <Table.Root size="sm" data-testid="releases-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('admin.releases.columns.sequence')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.releases.columns.cut_at')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.releases.columns.trigger')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('admin.releases.columns.size')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('admin.releases.columns.changed')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.releases.columns.years')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {view.releases.map((release) => (
                  <Table.Row key={release.id} data-testid="releases-row" data-current={release.current || undefined}>
                    <Table.Cell as="th" scope="row" fontWeight="medium">
                      {release.sequence}{' '}
                      {release.current && (
                        <Badge colorPalette="green" ms="1">
                          {t('admin.releases.current')}
                        </Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell>{formatAdminDate(release.cutAt, locale)}</Table.Cell>
                    <Table.Cell>{t(`admin.releases.triggers.${release.trigger}`)}</Table.Cell>
                    <Table.Cell textAlign="end">{n(release.size)}</Table.Cell>
                    <Table.Cell textAlign="end">{n(release.changedForms)}</Table.Cell>
                    <Table.Cell fontSize="xs">
                      {Object.entries(release.years)
                        .sort(([a], [b]) => b.localeCompare(a))
                        .map(([year, count]) => `${year}: ${n(count)}`)
                        .join(' · ')}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
        <ListPager view={view} onPage={(page) => releases.send({ type: 'releases.goToPage', page })} testId="releases-pager" />
      </Stack>
      {confirm && <ConfirmModal actor={confirm} busy={view.cutting} onAnswer={(confirmed) => releases.send({ type: 'releases.answer', confirmed })} />}
    </Box>
  );
}
