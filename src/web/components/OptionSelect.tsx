// A native select drawn from its options (value and label), with the indicator: the selects of the forms and filters.
import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SelectOption {
  value: string | number;
  label: ReactNode;
}

export interface OptionSelectProps extends Omit<NativeSelect.FieldProps, 'children'> {
  options: readonly SelectOption[];
  /** The select's box: size, width, disabled. */
  root?: NativeSelect.RootProps;
  'data-testid'?: string;
}

export function OptionSelect({ options, root, ...field }: OptionSelectProps) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field {...field}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** One option a value, labelled by `label`. */
export function optionsOf<T extends string | number>(values: readonly T[], label: (value: T) => ReactNode): SelectOption[] {
  return values.map((value) => ({ value, label: label(value) }));
}
