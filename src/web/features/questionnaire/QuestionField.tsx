// One question of the current step, rendered from its view model (machines/questionnaire/viewModel.ts). It
// subscribes to its own answer only, sends what is typed as it is typed (`questionnaire.change`) and that the
// answer was left (`questionnaire.touch`), and shows the problem the machine reports, translated.
import { useLayoutEffect, useRef } from 'react';
import { Checkbox, Field, Input, InputGroup, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { caretAfterFormatting } from '../../../domain/answerEntry';
import type { QuestionnaireMachine } from '../../../../machines/questionnaire/questionnaireMachine';
import { questionView, sameView, type QuestionView } from '../../../../machines/questionnaire/viewModel';
import { useLanguage } from '../../kernel/session';
import { problemParams } from './problemText';
import { OptionSelect } from '../../components/OptionSelect';

export type QuestionnaireActorRef = ActorRefFrom<QuestionnaireMachine>;

const CURRENCY_SIGNS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };

function NumericInput({
  view,
  onText,
  onLeave,
  describedBy,
}: {
  view: QuestionView;
  onText: (text: string) => void;
  onLeave: () => void;
  describedBy?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  // Where the caret was when the person typed: after a money text is reformatted ("90000" → "90.000")
  // it goes back after the same digits.
  const typed = useRef<{ text: string; caret: number } | null>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    const last = typed.current;
    typed.current = null;
    if (!input || !last || input.ownerDocument.activeElement !== input || last.text === view.text) return;
    const caret = caretAfterFormatting(last.text, last.caret, view.text);
    input.setSelectionRange(caret, caret);
  }, [view.text]);
  const sign = view.currency ? (CURRENCY_SIGNS[view.currency] ?? view.currency) : view.type === 'percent' ? '%' : null;
  const input = (
    <Input
      ref={ref}
      id={`question-${view.name}`}
      data-testid={`question-${view.name}`}
      type="text"
      inputMode={view.type === 'percent' ? 'decimal' : 'numeric'}
      autoComplete="off"
      aria-describedby={describedBy}
      value={view.text}
      onChange={(event) => {
        typed.current = { text: event.target.value, caret: event.target.selectionStart ?? event.target.value.length };
        onText(event.target.value);
      }}
      onBlur={onLeave}
    />
  );
  return sign ? <InputGroup endElement={<Text color="fg.muted">{sign}</Text>}>{input}</InputGroup> : input;
}

export function QuestionField({ actor, name }: { actor: QuestionnaireActorRef; name: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const view = useSelector(actor, (snapshot) => questionView(snapshot, name), sameView);
  if (!view) return null;

  const change = (value: string | boolean | null) => actor.send({ type: 'questionnaire.change', values: { [name]: value } });
  const leave = () => actor.send({ type: 'questionnaire.touch', field: name });
  const problem = view.problem ? t(view.problem.key, problemParams(view, language)) : null;
  // The field is described by its problem (announced with it when focus moves there) and its help.
  const problemId = `problem-text-${name}`;
  const helpId = `help-text-${name}`;
  const describedBy = [problem ? problemId : null, view.helpKey ? helpId : null].filter(Boolean).join(' ') || undefined;

  if (view.type === 'boolean') {
    return (
      <Field.Root invalid={problem !== null} data-testid={`field-${name}`}>
        <Checkbox.Root
          checked={view.value === true}
          onCheckedChange={(details) => {
            change(details.checked === true);
            leave();
          }}
          colorPalette="brand"
          alignItems="flex-start"
        >
          <Checkbox.HiddenInput data-testid={`question-${name}`} aria-describedby={describedBy} />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label fontWeight="normal">
            {t(view.labelKey)}
            {view.required ? ' *' : ''}
          </Checkbox.Label>
        </Checkbox.Root>
        {problem && (
          <Field.ErrorText id={problemId} data-testid={`problem-${name}`}>
            {problem}
          </Field.ErrorText>
        )}
      </Field.Root>
    );
  }

  return (
    <Field.Root invalid={problem !== null} required={view.required} data-testid={`field-${name}`}>
      <Field.Label htmlFor={`question-${name}`}>
        {t(view.labelKey)}
        {view.required ? (
          <Field.RequiredIndicator />
        ) : (
          <Text as="span" color="fg.muted" fontWeight="normal">
            ({t('questionnaire.optional')})
          </Text>
        )}
      </Field.Label>
      {view.type === 'select' ? (
        <OptionSelect
          root={{ disabled: view.disabled }}
          id={`question-${name}`}
          data-testid={`question-${name}`}
          aria-describedby={describedBy}
          value={typeof view.value === 'string' ? view.value : ''}
          onChange={(event) => change(event.target.value === '' ? null : event.target.value)}
          onBlur={leave}
          options={[
            { value: '', label: t(view.disabled ? 'questionnaire.choose_country_first' : 'questionnaire.choose') },
            ...view.options.map((option) => ({ value: option.value, label: t(option.labelKey) })),
          ]}
        />
      ) : view.type === 'email' ? (
        <Input
          id={`question-${name}`}
          data-testid={`question-${name}`}
          type="email"
          autoComplete="email"
          aria-describedby={describedBy}
          value={typeof view.value === 'string' ? view.value : ''}
          onChange={(event) => change(event.target.value)}
          onBlur={leave}
        />
      ) : (
        <NumericInput view={view} onText={change} onLeave={leave} describedBy={describedBy} />
      )}
      {view.helpKey && <Field.HelperText id={helpId}>{t(view.helpKey)}</Field.HelperText>}
      {problem && (
        <Field.ErrorText id={problemId} data-testid={`problem-${name}`}>
          {problem}
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}
