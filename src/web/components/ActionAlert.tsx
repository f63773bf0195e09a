// An alert on one row: its message takes the width and one action sits at its end (try again, dismiss, again).
import { Alert, Button, Stack, type ButtonProps, type StackProps } from '@chakra-ui/react';
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

export interface TitledAlertProps extends Omit<Alert.RootProps, 'title'> {
  title: ReactNode;
  /** The space between the lines under the title (its text and actions). */
  gap?: StackProps['gap'];
}

/** An alert with a title and, under it, its text and actions stacked at the start. */
export function TitledAlert({ title, gap = '3', children, ...root }: TitledAlertProps) {
  return (
    <Alert.Root alignItems="start" {...root}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          <Stack gap={gap} mt="1" align="start">
            {children}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
