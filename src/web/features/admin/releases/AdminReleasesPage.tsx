// /admin/releases: the statistics releases (date, size, forms changed since the previous one), the next scheduled
// cut and K, and "cut a release now" behind the confirm modal (kind cut); a refused cut says why. The flow is
// machines/adminReleases.
import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { adminReleasesMachine, type Release } from '../../../../../machines/adminReleases/adminReleasesMachine';
import { adminReleasesActors } from '../../../../../machines/adminReleases/actors';
import { adminReleasesListView, adminReleasesView, sameAdminReleasesView } from '../../../../../machines/adminReleases/viewModel';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { inspect } from '../../../kernel/inspector';
import { useLanguage, useNotifyFailure } from '../../../kernel/session';
import { formatCount, NUMBER_LOCALE } from '../../../../domain/language';
import { AdminPageHeading, formatAdminDate } from '../../../components/admin/AdminParts';
import { ListTable, listTexts } from '../../../components/ListTable';

export default function AdminReleasesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = NUMBER_LOCALE[language];
  const n = (value: number) => formatCount(value, language);
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => adminReleasesMachine.provide({ actors: adminReleasesActors() }));
  const releases = useActorRef(machine, { input: {}, inspect });
  const view = useSelector(releases, adminReleasesView, sameAdminReleasesView);
  const confirm = useSelector(releases, (s) => s.children.confirm);
  useEffect(() => {
    const subscription = releases.on('releases.failed', ({ failure }) => notifyFailure(failure));
    return () => subscription.unsubscribe();
  }, [releases, notifyFailure]);

  const next = view.nextScheduledCut;
  // eslint-disable-next-line react-hooks/purity -- overdue when drawn; the page draws again with every answer
  const now = Date.now();
  const nextText =
    next === null
      ? t('admin.releases.next_cut_none')
      : new Date(next).getTime() < now
        ? t('admin.releases.next_cut_overdue', { date: formatAdminDate(next, locale), threshold: view.threshold ?? '' })
        : t('admin.releases.next_cut', { date: formatAdminDate(next, locale) });

  return (
    <Box data-testid="admin-releases-page" aria-busy={view.loading || view.cutting}>
      <AdminPageHeading
        title={t('admin.releases.title')}
        intro={t('admin.releases.intro')}
        actions={
          <Button
            colorPalette="brand"
            onClick={() => releases.send({ type: 'releases.askCut' })}
            disabled={!view.canCut}
            loading={view.cutting}
            loadingText={t('admin.releases.cutting')}
            data-testid="releases-cut"
          >
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
              <Alert.Description>
                {t('admin.releases.refused', {
                  count: view.outcome.result.changedForms,
                  formatted: n(view.outcome.result.changedForms),
                  threshold: view.outcome.result.threshold,
                })}
              </Alert.Description>
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

        <ListTable<Release>
          view={adminReleasesListView(view)}
          send={(event) => {
            if (event.type === 'list.goToPage') releases.send({ type: 'releases.goToPage', page: event.page });
            else if (event.type === 'list.retry') releases.send({ type: 'releases.retry' });
          }}
          testId="releases"
          texts={listTexts(t, 'admin.releases')}
          rowKey={(release) => release.id}
          rowProps={(release) => ({ 'data-testid': 'releases-row', 'data-current': release.current || undefined })}
          columns={[
            {
              key: 'sequence',
              header: t('admin.releases.columns.sequence'),
              cellProps: { fontWeight: 'medium' },
              cell: (release) => (
                <>
                  {release.sequence}{' '}
                  {release.current && (
                    <Badge colorPalette="green" ms="1">
                      {t('admin.releases.current')}
                    </Badge>
                  )}
                </>
              ),
            },
            { key: 'cutAt', header: t('admin.releases.columns.cut_at'), cell: (release) => formatAdminDate(release.cutAt, locale) },
            { key: 'trigger', header: t('admin.releases.columns.trigger'), cell: (release) => t(`admin.releases.triggers.${release.trigger}`) },
            { key: 'size', header: t('admin.releases.columns.size'), align: 'end', cell: (release) => n(release.size) },
            { key: 'changed', header: t('admin.releases.columns.changed'), align: 'end', cell: (release) => n(release.changedForms) },
            {
              key: 'years',
              header: t('admin.releases.columns.years'),
              cellProps: { fontSize: 'xs' },
              cell: (release) =>
                Object.entries(release.years)
                  .sort(([a], [b]) => b.localeCompare(a))
                  .map(([year, count]) => `${year}: ${n(count)}`)
                  .join(' · '),
            },
          ]}
        />
      </Stack>
      {confirm && <ConfirmModal actor={confirm} busy={view.cutting} onAnswer={(confirmed) => releases.send({ type: 'releases.answer', confirmed })} />}
    </Box>
  );
}
