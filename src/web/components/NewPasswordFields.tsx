// A new password and its confirmation, with the browser-side rules of app/passwordRules.ts: used by the
// reset-password form, member and corporate registration and the change-password form in settings.
import { Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type NewPasswordProblem } from '../kernel/passwordRules';

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** The problem to show (null while the person has not tried to submit yet). */
  problem?: NewPasswordProblem;
  /**
   * The problems by field, as an account request's view gives them (translation keys): the password's and the
   * confirmation's at once, so a confirmation that does not match is flagged even while the password is short.
   */
  problems?: { password?: string; confirmation?: string };
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
  problem = null,
  problems,
  testIds,
  labelKeys = { password: 'new_password.password', confirmation: 'new_password.confirm' },
  layout = 'stack',
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const passwordKey = problems ? (problems.password ?? null) : problem === 'too_short' || problem === 'too_long' ? `new_password.${problem}` : null;
  const confirmationKey = problems ? (problems.confirmation ?? null) : problem === 'mismatch' ? 'new_password.mismatch' : null;
  const limits = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };
  const fields = (
    <>
      <Field.Root required invalid={passwordKey !== null}>
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
        {passwordKey ? (
          <Field.ErrorText data-testid={`${testIds.password}-error`}>{t(passwordKey, limits)}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t('new_password.hint', { min: PASSWORD_MIN_LENGTH })}</Field.HelperText>
        )}
      </Field.Root>
      <Field.Root required invalid={confirmationKey !== null}>
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
        {confirmationKey && <Field.ErrorText data-testid={`${testIds.confirmation}-error`}>{t(confirmationKey, limits)}</Field.ErrorText>}
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
