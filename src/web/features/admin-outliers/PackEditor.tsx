// The form of an outlier pack (machines/outlierPackEditor): name, measure, method with its parameters, grouping
// fields. Problems show under their fields once a save was tried; a failed save keeps what was typed and says why.
import { useEffect } from 'react';
import { Alert, Box, Button, Checkbox, Field, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { outlierPackEditorMachine, type DraftField } from '../../../../machines/outlierPackEditor/outlierPackEditorMachine';
import { outlierPackEditorView, sameEditorView } from '../../../../machines/outlierPackEditor/viewModel';
import { outlierCalls, type OutlierPack } from '../../../../machines/outlierPacks/calls';
import { OUTLIER_GROUP_FIELDS, OUTLIER_METHODS } from '../../../domain/outliers';
import { MEASURES } from '../../../domain/statistics';
import { inspect } from '../../kernel/inspector';
import { reasonText } from './format';
import { OptionSelect, optionsOf } from '../../components/OptionSelect';

const editorMachine = outlierPackEditorMachine.provide({ actors: { savePack: outlierCalls().savePack } });

export interface PackEditorProps {
  pack: OutlierPack | null;
  onClose: () => void;
  onSaved: (pack: OutlierPack) => void;
}

export function PackEditor({ pack, onClose, onSaved }: PackEditorProps) {
  const { t } = useTranslation();
  const editor = useActorRef(editorMachine, { input: { pack }, inspect });
  const view = useSelector(editor, outlierPackEditorView, sameEditorView);
  useEffect(() => {
    const saved = editor.on('editor.saved', ({ pack: savedPack }) => onSaved(savedPack));
    return () => saved.unsubscribe();
  }, [editor, onSaved]);
  useEffect(() => {
    if (view.cancelled) onClose();
  }, [view.cancelled, onClose]);

  const set = (field: DraftField, value: string) => editor.send({ type: 'editor.set', field, value });
  const problem = (field: DraftField) => (view.problems[field] ? t(`admin_outliers.errors.${view.problems[field]}`) : null);
  const numberField = (field: 'k' | 'lowerPercentile' | 'upperPercentile', labelKey: string) => (
    <Field.Root invalid={problem(field) !== null} disabled={view.active}>
      <Field.Label htmlFor={`outlier-${field}`}>{t(labelKey)}</Field.Label>
      <Input
        id={`outlier-${field}`}
        data-testid={`outlier-editor-${field}`}
        inputMode="decimal"
        value={view.draft[field]}
        onChange={(e) => set(field, e.target.value)}
      />
      {problem(field) && <Field.ErrorText data-testid={`outlier-editor-${field}-error`}>{problem(field)}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <Box as="section" borderWidth="1px" rounded="lg" p="5" bg="bg" data-testid="outlier-editor" aria-labelledby="outlier-editor-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          editor.send({ type: 'editor.submit' });
        }}
      >
        <Stack gap="4">
          <Heading as="h2" size="lg" id="outlier-editor-title">
            {view.isNew ? t('admin_outliers.editor.title_new') : t('admin_outliers.editor.title_edit', { name: pack?.name ?? '' })}
          </Heading>
          {view.active && <Text color="fg.muted">{t('admin_outliers.editor.active_locked')}</Text>}
          {!view.isNew && !view.active && pack?.lastResult && <Text color="fg.muted">{t('admin_outliers.editor.rules_reset')}</Text>}
          <Field.Root invalid={problem('name') !== null} required>
            <Field.Label htmlFor="outlier-name">
              {t('admin_outliers.editor.name')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input id="outlier-name" data-testid="outlier-editor-name" maxLength={120} value={view.draft.name} onChange={(e) => set('name', e.target.value)} />
            {problem('name') && <Field.ErrorText data-testid="outlier-editor-name-error">{problem('name')}</Field.ErrorText>}
          </Field.Root>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root disabled={view.active}>
              <Field.Label htmlFor="outlier-measure">{t('admin_outliers.editor.measure')}</Field.Label>
              <OptionSelect
                id="outlier-measure"
                data-testid="outlier-editor-measure"
                value={view.draft.measure}
                onChange={(e) => set('measure', e.target.value)}
                options={optionsOf(MEASURES, (measure) => t(`comparison.measures.${measure}`))}
              />
            </Field.Root>
            <Field.Root disabled={view.active}>
              <Field.Label htmlFor="outlier-method">{t('admin_outliers.editor.method')}</Field.Label>
              <OptionSelect
                id="outlier-method"
                data-testid="outlier-editor-method"
                value={view.draft.method}
                onChange={(e) => set('method', e.target.value)}
                options={optionsOf(OUTLIER_METHODS, (method) => t(`admin_outliers.methods.${method}`))}
              />
              <Field.HelperText>{t(`admin_outliers.method_help.${view.draft.method}`)}</Field.HelperText>
            </Field.Root>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {view.showK && numberField('k', 'admin_outliers.editor.k')}
            {view.showPercentiles && numberField('lowerPercentile', 'admin_outliers.editor.lower')}
            {view.showPercentiles && numberField('upperPercentile', 'admin_outliers.editor.upper')}
          </SimpleGrid>
          <Stack as="fieldset" gap="2">
            <Text as="legend" fontWeight="medium">
              {t('admin_outliers.editor.group_by')}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('admin_outliers.editor.group_by_help')}
            </Text>
            <HStack gap="4" wrap="wrap">
              {OUTLIER_GROUP_FIELDS.map((field) => (
                <Checkbox.Root
                  key={field}
                  checked={view.draft.groupBy.includes(field)}
                  onCheckedChange={() => editor.send({ type: 'editor.toggleGroup', field })}
                  colorPalette="brand"
                  disabled={view.active}
                >
                  <Checkbox.HiddenInput data-testid={`outlier-editor-group-${field}`} />
                  <Checkbox.Control />
                  <Checkbox.Label fontWeight="normal">{t(`comparison.filters.fields.${field}`)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          </Stack>
          {view.failureCode && (
            <Alert.Root status="error" data-testid="outlier-editor-failure">
              <Alert.Indicator />
              <Alert.Title>{t('admin_outliers.editor.failed', { reason: reasonText(t, view.failureCode) })}</Alert.Title>
            </Alert.Root>
          )}
          <HStack gap="3">
            <Button type="submit" colorPalette="brand" loading={view.saving} data-testid="outlier-editor-save">
              {t('admin_outliers.editor.save')}
            </Button>
            <Button variant="outline" disabled={view.saving} onClick={() => editor.send({ type: 'editor.cancel' })} data-testid="outlier-editor-cancel">
              {t('admin_outliers.editor.cancel')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
