// An account's roles as badges (admin red, corporate purple, member grey), with their translated names.
import { Badge, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function RoleBadges({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <HStack gap="1" wrap="wrap">
      {roles.map((role) => (
        <Badge key={role} colorPalette={role === 'admin' ? 'red' : role === 'corporate' ? 'purple' : 'gray'} data-testid="role-badge">
          {t(`roles.${role}`)}
        </Badge>
      ))}
    </HStack>
  );
}
