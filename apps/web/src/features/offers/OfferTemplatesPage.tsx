import { offersRoutes, type OfferTemplate } from '@hh/contract/offers';
import { Button, Group, Modal, NavLink, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { RichTextEditor } from '../../components/RichTextEditor.tsx';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { MergeFieldChip, MergeFields, withChips } from '../email-templates/index.ts';
import { canWriteOffers } from './rights.ts';
import { offerFieldLabels, offerFieldNames } from './merge-fields.ts';

const STARTER =
  '<p>Dear {{candidateName}},</p><p>We are delighted to offer you the position of <strong>{{jobTitle}}</strong> at {{companyName}}.</p><ul><li>Salary: {{salary}} {{currency}} a year</li><li>Start date: {{startDate}}</li><li>Reporting to: {{managerName}}</li></ul><p>Please answer by {{expiryDate}}.</p>';

/**
 * `/settings/offer-templates`: the selected client's offer letters. The letter is rich text; merge
 * fields go in as chips with the buttons (never typed as braces), and the server keeps the text
 * sanitised. Editors change templates; members read them.
 */
export default function OfferTemplatesPage() {
  const me = useUser();
  const { clientId } = useSelectedClient();
  const qc = useQueryClient();
  const canWrite = canWriteOffers(me);
  const list = useApiQuery(offersRoutes.templates, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
  const [selected, setSelected] = useState<string | 'new' | null>(null);
  const [name, setName] = useState('');
  const [body, setBody] = useState('');
  const [resetKey, setResetKey] = useState('none');
  const [errors, setErrors] = useState<{ name?: string; body?: string }>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editorRef = useRef<Editor | null>(null);
  const onEditor = useCallback((e: Editor | null) => {
    editorRef.current = e;
  }, []);
  const extensions = useMemo(() => [MergeFieldChip.configure({ labels: offerFieldLabels })], []);

  const open = (t: OfferTemplate | 'new') => {
    setErrors({});
    if (t === 'new') {
      setSelected('new');
      setName('');
      setBody(withChips(STARTER));
      setResetKey(`new:${Date.now()}`);
    } else {
      setSelected(t._id);
      setName(t.name);
      setBody(withChips(t.body));
      setResetKey(`${t._id}:${t.updatedAt}`);
    }
  };
  const refresh = () => qc.invalidateQueries({ queryKey: queryKey(offersRoutes.templates) });
  const onError = (err: unknown) => {
    if (err instanceof ApiError) {
      setErrors({ name: err.first('name'), body: err.first('body') });
      if (!err.first('name') && !err.first('body')) notify.error(err.message);
    } else notify.error('The template could not be saved. Try again.');
  };
  const save = useMutation({
    mutationFn: () => {
      const b = { clientId: clientId ?? '', name, body };
      return selected && selected !== 'new'
        ? api(offersRoutes.updateTemplate, { params: { id: selected }, body: b })
        : api(offersRoutes.createTemplate, { body: b });
    },
    onSuccess: (t) => {
      notify.success(t.message);
      setSelected(t._id);
      void refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => api(offersRoutes.removeTemplate, { params: { id: String(selected) }, query: { clientId: clientId ?? '' } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setConfirmDelete(false);
      setSelected(null);
      void refresh();
    },
    onError,
  });

  if (!clientId) return <EmptyState title="Choose a client">Offer templates belong to one client: pick it in the header.</EmptyState>;
  const templates = list.data?.results ?? [];
  return (
    <>
      <PageHeader
        title="Offer templates"
        description="The letters your offers are written from. Salary, dates and names are filled in for each offer."
        actions={
          canWrite ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => open('new')}>
              New template
            </Button>
          ) : null
        }
      />
      {list.isPending ? <LoadingRows /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Paper withBorder radius="md" p="xs">
            <nav aria-label="Offer templates">
              {templates.length ? (
                templates.map((t) => <NavLink key={t._id} label={t.name} active={selected === t._id} onClick={() => open(t)} component="button" />)
              ) : (
                <Text size="sm" c="gray.7" p="sm">
                  No templates yet.{canWrite ? ' Start one with "New template".' : ' An editor of your company writes them.'}
                </Text>
              )}
            </nav>
          </Paper>
          <div style={{ gridColumn: 'span 2' }}>
            {selected ? (
              <Section title={selected === 'new' ? 'New template' : 'Edit template'}>
                <Stack gap="md">
                  <TextInput
                    label="Name"
                    required
                    maxLength={120}
                    value={name}
                    onChange={(e) => setName(e.currentTarget.value)}
                    error={errors.name}
                    readOnly={!canWrite}
                  />
                  {canWrite ? (
                    <MergeFields
                      fields={offerFieldNames}
                      labels={offerFieldLabels}
                      disabled={!canWrite}
                      onInsert={(field) => editorRef.current?.chain().focus().insertContent({ type: 'mergeField', attrs: { field } }).run()}
                      hint="Goes where the cursor is. Each field is filled in from the offer when it is sent."
                    />
                  ) : null}
                  <RichTextEditor
                    label="Letter"
                    required
                    testId="offer-template-body"
                    minHeight={260}
                    value={body}
                    resetKey={resetKey}
                    onChange={setBody}
                    onEditor={onEditor}
                    extensions={extensions}
                    disabled={!canWrite}
                    error={errors.body}
                  />
                  {canWrite ? (
                    <Group>
                      <Button onClick={() => save.mutate()} loading={save.isPending}>
                        Save template
                      </Button>
                      {selected !== 'new' ? (
                        <Button variant="subtle" color="red.8" c="red.9" leftSection={<IconTrash size={16} />} onClick={() => setConfirmDelete(true)}>
                          Delete
                        </Button>
                      ) : null}
                    </Group>
                  ) : (
                    <Text size="sm" c="gray.7">
                      Only editors of your company change templates.
                    </Text>
                  )}
                </Stack>
              </Section>
            ) : (
              <EmptyState title="Pick a template">Choose a template on the left{canWrite ? ', or start a new one' : ''}.</EmptyState>
            )}
          </div>
        </SimpleGrid>
      ) : null}
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Delete this template?">
        <Stack>
          <Text size="sm">Offers already written from it keep their letter.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              Keep it
            </Button>
            <Button color="red.8" onClick={() => remove.mutate()} loading={remove.isPending}>
              Delete template
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
