// The credit balance of the signed-in corporate user (docs/permissions-and-credits.md): a number, the corporate plan's
// "unlimited", or nothing to pay for an admin; with what costs a credit and what does not.
import { Box, Stack, Stat, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../domain/constants';
import { formatCount } from '../../../domain/language';
import type { User } from '../../kernel/session';

export interface CreditBalanceProps {
  user: Pick<User, 'role' | 'credits' | 'premiumType'> | null;
  language: Language;
}

export function creditPlan(user: CreditBalanceProps['user']): 'admin' | 'unlimited' | 'credits' {
  if (user?.role.includes('admin') && !user.role.includes('corporate')) return 'admin';
  return user?.premiumType === 'corporate' ? 'unlimited' : 'credits';
}

export function CreditBalance({ user, language }: CreditBalanceProps) {
  const { t } = useTranslation();
  const plan = creditPlan(user);
  return (
    <Box borderWidth="1px" rounded="lg" p="5" bg="bg" data-testid="credit-balance-card" data-plan={plan}>
      <Stack gap="2">
        <Stat.Root>
          <Stat.Label>{t('my_account.balance.title')}</Stat.Label>
          <Stat.ValueText fontSize="4xl" color="brand.fg" data-testid="credit-balance">
            {plan === 'credits' ? formatCount(user?.credits ?? 0, language) : t(plan === 'admin' ? 'my_account.balance.admin' : 'my_account.balance.unlimited')}
          </Stat.ValueText>
        </Stat.Root>
        {/* Outside the <dl>: a definition list holds only its term and value. */}
        {plan === 'credits' && (
          <Text fontSize="sm" color="fg.muted">
            {t('my_account.balance.credits', { count: user?.credits ?? 0 })}
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          {t('my_account.balance.cost_note')}
        </Text>
      </Stack>
    </Box>
  );
}
