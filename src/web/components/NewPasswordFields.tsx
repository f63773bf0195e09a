// A new password and its confirmation, with the browser-side rules of app/passwordRules.ts: used by the
// reset-password form, member and corporate registration and the change-password form in settings.
import { Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type NewPasswordProblem } from '../app/passwordRules';

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** The problem to show (null while the person has not tried to submit yet). */
  problem: NewPasswordProblem;
  testIds: { password: string; confirmation: string };
  labelKeys?: { password: string; confirmation: string };
  /** Side by side from medium screens on (forms with room), or one under the other. */
  layout?: 'columns' | 'stack';
}

export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  problem,
  testIds,
  labelKeys = { password: 'new_password.password', confirmation: 'new_password.confirm' },
  layout = 'stack',
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const lengthProblem = problem === 'too_short' || problem === 'too_long';
  const fields = (
    <>
      <Field.Root required invalid={lengthProblem}>
        <Field.Label>{t(labelKeys.password)}</Field.Label>
        <Input
          type="password"
          name="new-password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
          data-testid={testIds.password}
        />
        {problem === 'too_short' ? (
          <Field.ErrorText>{t('new_password.too_short', { min: PASSWORD_MIN_LENGTH })}</Field.ErrorText>
        ) : problem === 'too_long' ? (
          <Field.ErrorText>{t('new_password.too_long', { max: PASSWORD_MAX_LENGTH })}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t('new_password.hint', { min: PASSWORD_MIN_LENGTH })}</Field.HelperText>
        )}
      </Field.Root>
      <Field.Root required invalid={problem === 'mismatch'}>
        <Field.Label>{t(labelKeys.confirmation)}</Field.Label>
        <Input
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={confirmation}
          onChange={(event) => onConfirmationChange(event.target.value)}
          data-testid={testIds.confirmation}
        />
        {problem === 'mismatch' && <Field.ErrorText>{t('new_password.mismatch')}</Field.ErrorText>}
      </Field.Root>
    </>
  );
  return layout === 'columns' ? (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {fields}
    </SimpleGrid>
  ) : (
    <Stack gap="4">{fields}</Stack>
  );
}
