import { questionRoutes } from '@hh/contract/questions';
import { type AnswerType, type QuestionDestination, answerTypeLabels, questionDestinationLabels, questionDestinations } from '@hh/contract/questions';
import { Button, Checkbox, Group, Select, Stack, TagsInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';

export const destinationOptions = questionDestinations.map((d) => ({ value: d, label: questionDestinationLabels[d] }));
/** The server's first message, else the fallback. */
export const firstError = (err: unknown, fallback: string) => (err instanceof ApiError && err.status !== 0 ? err.message : fallback);
const answerOptions = (Object.keys(answerTypeLabels) as AnswerType[]).map((a) => ({ value: a, label: answerTypeLabels[a] }));
const withChoices = (a: AnswerType) => a === 'singleChoice' || a === 'multipleChoice';

export interface Draft {
  _id?: string;
  destination: QuestionDestination;
  question: string;
  answerType: AnswerType;
  options: string[];
  required: boolean;
  isGlobal: boolean;
}
export const blank = (destination: QuestionDestination): Draft => ({
  destination,
  question: '',
  answerType: 'text',
  options: [],
  required: false,
  isGlobal: false,
});

/**
 * The new/edit question form: the text's and the answers' rules are the contract's question schema (the
 * create and update bodies share them; the create body is checked, and an edit is sent as an update).
 */
export function QuestionForm({
  draft,
  clientId,
  clientName,
  admin,
  onClose,
  onSaved,
}: {
  draft: Draft;
  clientId: string | null | undefined;
  clientName: string | undefined;
  admin: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useContractForm(questionRoutes.create, {
    initialValues: {
      destination: draft.destination,
      question: draft.question,
      answerType: draft.answerType,
      options: draft.options,
      required: draft.required,
      isGlobal: draft.isGlobal,
    },
    toBody: (d) => {
      const fields = {
        destination: d.destination,
        question: d.question.trim(),
        answerType: d.answerType,
        options: withChoices(d.answerType) ? d.options : [],
        required: d.required,
      };
      return d.isGlobal ? { isGlobal: true, ...fields } : { clientId: clientId ?? undefined, isGlobal: false, ...fields };
    },
    // An answer's error (options.2) shows under the answers input.
    fieldOf: (path) => path.replace(/^options\.\d+$/, 'options'),
  });
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => {
      const { clientId: _c, isGlobal, ...fields } = body;
      if (draft._id) return api(questionRoutes.update, { body: { _id: draft._id, clientId: draft.isGlobal ? undefined : (clientId ?? undefined), ...fields } });
      return api(questionRoutes.create, { body });
    },
    onSuccess: (r) => {
      notify.success(r.message);
      onSaved();
    },
    onError: (err) => {
      form.showServerErrors(err);
      notify.error(firstError(err, 'The question could not be saved. Check the fields and try again.'));
    },
  });
  const v = form.values;
  // Not a rule of the schema (the answers default to none): a choice question needs at least two answers.
  const tooFewChoices = withChoices(v.answerType) && v.options.length < 2;
  return (
    <form onSubmit={form.onSubmit(() => save.mutate(form.body()))} noValidate>
      <Stack>
        <Textarea label="Question" required autosize minRows={2} maxLength={1000} {...form.getInputProps('question')} data-autofocus />
        <Group grow wrap="wrap">
          <Select label="Used in" data={destinationOptions} {...form.getInputProps('destination')} allowDeselect={false} miw={200} />
          <Select label="Answer" data={answerOptions} {...form.getInputProps('answerType')} allowDeselect={false} miw={200} />
        </Group>
        {withChoices(v.answerType) ? (
          <TagsInput
            label="Answers to choose from"
            description="Press Enter after each answer; at least two."
            {...form.getInputProps('options')}
            maxTags={50}
          />
        ) : null}
        <Checkbox label="An answer is required" {...form.getInputProps('required', { type: 'checkbox' })} />
        {admin && !draft._id ? (
          <Checkbox
            label="Global question: offered to every client"
            description={clientName ? `Unticked, the question belongs to ${clientName}.` : undefined}
            {...form.getInputProps('isGlobal', { type: 'checkbox' })}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={tooFewChoices || (!v.isGlobal && !clientId)}>
            {draft._id ? 'Save changes' : 'Create question'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
