// The e-mail domains companies asked for single sign-on. Domain ownership is the operator's to check, so a
// domain sends its addresses to the company's identity provider only once an admin approved it here. One
// row per company's claim; several companies may claim one domain (competing claims, shown together): approving one
// declines the others; a pending claim can be declined; an approval is for the company's provider of the moment (a
// change of provider brings the claim back here as pending).
import { useState } from 'react';
import { Alert, Badge, Button, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { provideResource } from '../../../../../machines/resource/resourceMachine';
import { resourceView, sameResource } from '../../../../../machines/resource/viewModel';
import { accountRequests, loadCompanyDomains, type CompanyDomainEntry } from '../../../../../machines/auth/requests';
import { inspect } from '../../../kernel/inspector';
import { useAccountRequest } from '../../../kernel/useAccountRequest';

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
          <Text color="fg.muted">{t('admin.company_domains.claims_intro')}</Text>
        </Stack>
        {review.view.errorKey && (
          <Alert.Root status="error" data-testid="admin-company-domains-error">
            <Alert.Indicator />
            <Alert.Title>{t(review.view.errorKey, { defaultValue: t('auth.unknown') })}</Alert.Title>
          </Alert.Root>
        )}
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
              <Table.Row key={`${entry.domain}:${entry.companyId}`} data-testid={`admin-company-domain-${entry.domain}`} data-company={entry.companyId}>
                <Table.Cell>
                  <Stack gap="1" align="flex-start">
                    <Text>{entry.domain}</Text>
                    {entry.claims > 1 && (
                      <Badge colorPalette="orange" variant="subtle" data-testid="admin-company-domain-competing">
                        {t('admin.company_domains.competing', { claims: entry.claims })}
                      </Badge>
                    )}
                  </Stack>
                </Table.Cell>
                <Table.Cell>{entry.companyName ?? entry.companyId}</Table.Cell>
                <Table.Cell>{entry.provider ?? t('admin.company_domains.no_provider')}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={entry.approved ? 'green' : 'gray'} variant="subtle">
                    {t(entry.approved ? 'admin.company_domains.approved' : 'admin.company_domains.pending')}
                  </Badge>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <Stack direction="row" gap="2" justify="flex-end">
                    {!entry.approved && (
                      <Button
                        size="xs"
                        variant="solid"
                        colorPalette="brand"
                        loading={review.view.busy}
                        disabled={entry.provider === null}
                        onClick={() => review.submit({ domain: entry.domain, companyId: entry.companyId, approved: 'true' })}
                        data-testid="admin-company-domain-approve"
                      >
                        {t(entry.claims > 1 ? 'admin.company_domains.approve_this' : 'admin.company_domains.approve')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette={entry.approved ? 'brand' : 'red'}
                      loading={review.view.busy}
                      onClick={() => review.submit({ domain: entry.domain, companyId: entry.companyId, approved: 'false' })}
                      data-testid={`admin-company-domain-${entry.approved ? 'withdraw' : 'decline'}`}
                    >
                      {t(entry.approved ? 'admin.company_domains.withdraw' : 'admin.company_domains.decline')}
                    </Button>
                  </Stack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Card.Body>
    </Card.Root>
  );
}
