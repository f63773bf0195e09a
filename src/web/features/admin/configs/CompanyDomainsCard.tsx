// Issue 28: the e-mail domains companies asked for single sign-on. Domain ownership is the operator's to check, so a
// domain sends its addresses to the company's identity provider only once an admin approved it here.
import { useState } from 'react';
import { Badge, Button, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { provideResource } from '../../../../../machines/resource/resourceMachine';
import { resourceView, sameResource } from '../../../../../machines/resource/viewModel';
import { accountRequests, loadCompanyDomains, type CompanyDomainEntry } from '../../../../../machines/auth/requests';
import { inspect } from '../../../app/inspector';
import { useAccountRequest } from '../../../app/useAccountRequest';

const requests = accountRequests();

export function CompanyDomainsCard() {
  const { t } = useTranslation();
  const [machine] = useState(() => provideResource(loadCompanyDomains()));
  const list = useActorRef(machine, { inspect });
  const view = useSelector(list, (snapshot) => resourceView<CompanyDomainEntry[]>(snapshot), sameResource);
  const review = useAccountRequest(requests.reviewCompanyDomain, { succeeded: () => list.send({ type: 'resource.reload' }) });
  // Nothing to review: no card (most deployments have no identity provider).
  if (view.status !== 'ready' || view.data.length === 0) return null;
  return (
    <Card.Root data-testid="admin-company-domains">
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            {t('admin.company_domains.title')}
          </Heading>
          <Text color="fg.muted">{t('admin.company_domains.intro')}</Text>
        </Stack>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('admin.company_domains.domain')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.company_domains.company')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.company_domains.provider')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.company_domains.status')}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {view.data.map((entry) => (
              <Table.Row key={entry.domain} data-testid={`admin-company-domain-${entry.domain}`}>
                <Table.Cell>{entry.domain}</Table.Cell>
                <Table.Cell>{entry.companyName ?? entry.companyId}</Table.Cell>
                <Table.Cell>{entry.provider ?? '—'}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={entry.approved ? 'green' : 'gray'} variant="subtle">
                    {t(entry.approved ? 'admin.company_domains.approved' : 'admin.company_domains.pending')}
                  </Badge>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <Button
                    size="xs"
                    variant={entry.approved ? 'outline' : 'solid'}
                    colorPalette="brand"
                    loading={review.view.busy}
                    onClick={() => review.submit({ domain: entry.domain, approved: String(!entry.approved) })}
                    data-testid={`admin-company-domain-${entry.approved ? 'withdraw' : 'approve'}`}
                  >
                    {t(entry.approved ? 'admin.company_domains.withdraw' : 'admin.company_domains.approve')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Card.Body>
    </Card.Root>
  );
}
