// An alert on one row: its message takes the width and one action sits at its end (try again, dismiss, again).
import { Alert, Button, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface AlertAction extends ButtonProps {
  label: ReactNode;
  'data-testid'?: string;
}

export interface ActionAlertProps extends Omit<Alert.RootProps, 'title'> {
  /** The message, as the alert's title (a failure to load) or as its description (a notice). */
  title?: ReactNode;
  description?: ReactNode;
  /** The button at the row's end; none when absent. */
  action?: AlertAction;
}

export function ActionAlert({ title, description, action, ...root }: ActionAlertProps) {
  return (
    <Alert.Root {...root}>
      <Alert.Indicator />
      {title !== undefined && <Alert.Title flex="1">{title}</Alert.Title>}
      {description !== undefined && <Alert.Description flex="1">{description}</Alert.Description>}
      {action && <ActionButton {...action} />}
    </Alert.Root>
  );
}

/** The action as a button of its own (an alert with more than the one row). */
export function ActionButton({ label, ...button }: AlertAction) {
  return <Button {...button}>{label}</Button>;
}

export interface RetryAlertProps extends Omit<ActionAlertProps, 'title' | 'description' | 'action'> {
  message: ReactNode;
  retry: ReactNode;
  onRetry: () => void;
  canRetry?: boolean;
  retryTestId?: string;
}

/** What did not load, in its place, with "try again". */
export function RetryAlert({ message, retry, onRetry, canRetry = true, retryTestId, ...root }: RetryAlertProps) {
  return (
    <ActionAlert
      status="error"
      alignItems="center"
      title={message}
      action={{ label: retry, size: 'sm', variant: 'outline', disabled: !canRetry, onClick: onRetry, 'data-testid': retryTestId }}
      {...root}
    />
  );
}
