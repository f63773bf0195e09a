// Pieces of the TOTP second factor shared by the sign-in's second step and the settings: the QR code with its
// secret to type in by hand, the code field, and the recovery codes shown once.
import { useEffect, useRef } from 'react';
import { Box, Code, Field, Image, Input, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function TotpQrCode({ qrCode, secret }: { qrCode: string; secret: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" align="flex-start">
      <Box bg="white" p="2" borderRadius="md" borderWidth="1px">
        <Image src={qrCode} alt={t('second_factor.qr_alt')} width="200px" height="200px" data-testid="totp-qr" />
      </Box>
      <Text fontSize="sm">{t('second_factor.secret_label')}</Text>
      <Code fontSize="sm" wordBreak="break-all" data-testid="totp-secret">
        {secret}
      </Code>
    </Stack>
  );
}

export function TotpCodeField({
  value,
  onChange,
  errorKey,
  testId,
  allowRecoveryCode = false,
  focusOnShow = false,
}: {
  value: string;
  onChange: (value: string) => void;
  errorKey: string | null;
  testId: string;
  /** A recovery code (letters and a dash) may be typed instead of the 6 digits. */
  allowRecoveryCode?: boolean;
  /** The field takes the focus when it appears (the sign-in's second step: the code is all it asks). */
  focusOnShow?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnShow) input.current?.focus();
  }, [focusOnShow]);
  return (
    <Field.Root required invalid={errorKey !== null}>
      <Field.Label>{t('second_factor.code')}</Field.Label>
      <Input
        name="one-time-code"
        autoComplete="one-time-code"
        inputMode={allowRecoveryCode ? 'text' : 'numeric'}
        maxLength={allowRecoveryCode ? 32 : 6}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        ref={input}
        data-testid={testId}
      />
      {/* A refused code is announced as it appears (the focus stays in the field, where it is typed again). */}
      {errorKey && (
        <Field.ErrorText role="alert" data-testid={`${testId}-error`}>
          {t(errorKey, { defaultValue: t('auth.unknown') })}
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}

export function RecoveryCodeList({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3">
      <Text>{t('second_factor.codes_text')}</Text>
      <List.Root as="ol" ps="6" fontFamily="mono" data-testid="recovery-codes">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
