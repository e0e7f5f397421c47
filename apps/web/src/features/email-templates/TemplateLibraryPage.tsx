import { conversationMergeFieldLabels, conversationMergeFields } from '@hh/contract/conversations';
import { emailTemplateRoutes } from '@hh/contract/email-templates';
import { type EmailTemplate, templateKinds } from '@hh/contract/team';
import { Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { RichTextEditor } from '../../components/RichTextEditor.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { canEditBank } from '../questions/index.ts';
import { ChipTextEditor } from './ChipTextEditor.tsx';
import { DeleteTemplate, LibraryList } from './LibraryList.tsx';
import { candidateOf, LibraryPreview } from './LibraryPreview.tsx';
import { MergeFieldChip, withChips } from './merge-chip.ts';
import { MergeFields } from './MergeFields.tsx';

const labels: Record<string, string> = conversationMergeFieldLabels;
const chips = [MergeFieldChip.configure({ labels })];
const system = new Set<string>(templateKinds);
/** An editor with no words still holds markup (<p></p>); a chip counts as words. */
const blank = (html: string) =>
  !html
    .replace(/<span data-merge-field[^>]*>/g, 'x')
    .replace(/<[^>]*>/g, '')
    .trim();

type Draft = { name: string; subject: string; body: string };
const emptyDraft: Draft = { name: '', subject: '', body: '' };
/** The form field a server refusal names (the request's `emailValue` is the body here). */
const fieldOf = (key: string) => (key === 'emailValue' ? 'body' : key === 'name' || key === 'subject' ? key : null);

/**
 * `/settings/email-templates/library`: the client's own library of emails, the ones recruiters start a
 * message from in Conversations. Listed, created, edited and deleted with the spec's calls (`clientId`,
 * `name`, `emailValue`, an optional subject); the subject and body are chip editors (a merge field is a
 * chip inserted with a button, never braces typed by hand); the preview is the mail a candidate of the
 * client gets (the newest by default, any other chosen by name, or a sample recipient), and a test of
 * it goes to the signed-in user's own address.
 */
export default function TemplateLibraryPage() {
  const me = useUser();
  const fmt = useFormat();
  const { client, clientId } = useSelectedClient();
  const qc = useQueryClient();
  const editorAllowed = canEditBank(me);
  const list = useApiQuery(emailTemplateRoutes.list, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
  const library = (list.data?.results ?? []).filter((t) => !system.has(t.name));
  /** The template open in the editor: its id, 'new', or none. */
  const [open, setOpen] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [resetKey, setResetKey] = useState('none');
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** Who the preview and the test are filled for: a candidate's id, the sample, or null until the newest is known. */
  const [recipient, setRecipient] = useState<string | null>(null);
  // Another client's candidates: its own newest is the default again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the selected client changes
  useEffect(() => setRecipient(null), [clientId]);
  const editors = useRef<{ subject: Editor | null; body: Editor | null }>({ subject: null, body: null });
  const lastFocus = useRef<'subject' | 'body'>('body');
  const onSubjectEditor = useCallback((e: Editor | null) => {
    editors.current.subject = e;
  }, []);
  const onBodyEditor = useCallback((e: Editor | null) => {
    editors.current.body = e;
  }, []);
  /** The saved template being edited (its id, even before the list has read it back after a create). */
  const editingId = open && open !== 'new' ? open : null;
  const current = editingId ? (library.find((t) => t._id === editingId) ?? null) : null;

  const openTemplate = (t: EmailTemplate | 'new') => {
    setOpen(t === 'new' ? 'new' : t._id);
    setDraft(t === 'new' ? emptyDraft : { name: t.name, subject: t.subject, body: withChips(t.emailValue) });
    setErrors({});
    setResetKey(`${t === 'new' ? 'new' : `${t._id}:${t.updatedAt}`}:${Date.now()}`);
  };
  const set = (k: keyof Draft) => (v: string) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const refresh = () => qc.invalidateQueries({ queryKey: queryKey(emailTemplateRoutes.list) });
  const refused = (fallback: string) => (err: unknown) => {
    if (err instanceof ApiError && err.status && err.status < 500) {
      const next: Partial<Record<keyof Draft, string>> = {};
      for (const [key, texts] of Object.entries(err.errorMsg ?? {})) {
        const f = fieldOf(key);
        if (f && texts.length) next[f] = texts[0];
      }
      setErrors(next);
      notify.error(err.message);
    } else notify.error(fallback);
  };

  const body = () => ({ name: draft.name.trim(), subject: draft.subject.trim() || undefined, emailValue: draft.body });
  const save = useMutation({
    mutationFn: () =>
      editingId
        ? api(emailTemplateRoutes.update, { body: { clientId: clientId ?? '', templateId: editingId, ...body(), subject: draft.subject.trim() } })
        : api(emailTemplateRoutes.save, { body: { clientId: clientId ?? '', ...body() } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setOpen(r.template._id);
      void refresh();
    },
    onError: refused('The template could not be saved. Try again.'),
  });
  const testSend = useMutation({
    mutationFn: () => api(emailTemplateRoutes.libraryTestSend, { body: { clientId: clientId ?? '', ...body(), candidateId: candidateOf(recipient) } }),
    onSuccess: (r) => notify.success(r.message),
    onError: refused('The test email could not be sent. Try again.'),
  });
  const remove = useMutation({
    mutationFn: (templateId: string) => api(emailTemplateRoutes.delete, { query: { clientId: clientId ?? '', templateId } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setConfirmDelete(false);
      setOpen(null);
      void refresh();
    },
    onError: refused('The template could not be deleted. Try again.'),
  });

  const insert = (field: string) => {
    const target = lastFocus.current === 'subject' ? editors.current.subject : editors.current.body;
    target?.chain().focus().insertContent({ type: 'mergeField', attrs: { field } }).run();
  };

  if (!clientId) {
    return (
      <>
        <PageHeader title="Template library" />
        <EmptyState title="No client selected">Choose a client in the header to see its email templates.</EmptyState>
      </>
    );
  }

  const bodyEmpty = blank(draft.body);
  const nameEmpty = !draft.name.trim();

  return (
    <>
      <PageHeader
        title="Template library"
        description={
          <>
            The emails recruiters at {client?.name ?? 'your company'} start a message from in Conversations. The emails the product sends itself are worded
            under{' '}
            <Anchor component={Link} to="/settings/email-templates" size="sm" underline="always">
              Email templates
            </Anchor>
            .
          </>
        }
        actions={
          editorAllowed ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => openTemplate('new')} data-testid="library-new">
              New template
            </Button>
          ) : null
        }
      />
      {list.isPending ? (
        <LoadingRows rows={4} />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Stack gap="md">
          <LibraryList library={library} open={open} onOpen={openTemplate} editorAllowed={editorAllowed} />

          {open ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Section
                title={editingId ? (current?.name ?? draft.name) : 'New template'}
                actions={
                  current ? (
                    <Text size="xs" c="gray.7">
                      Changed {fmt.date(current.updatedAt)}
                    </Text>
                  ) : null
                }
              >
                <Stack data-testid="library-editor">
                  <TextInput
                    label="Name"
                    description="How recruiters find it in the composer. Each name is used once."
                    required
                    maxLength={120}
                    value={draft.name}
                    onChange={(e) => set('name')(e.currentTarget.value)}
                    error={errors.name}
                    readOnly={!editorAllowed}
                    data-testid="library-name"
                  />
                  <MergeFields
                    fields={conversationMergeFields}
                    labels={labels}
                    disabled={!editorAllowed}
                    onInsert={insert}
                    hint="Goes where the cursor is, in the subject or the body. Each field is filled in from the candidate, the job, the recruiter and your company; the booking link is made for each candidate when the message is sent."
                  />
                  <ChipTextEditor
                    label="Subject"
                    description="Left empty, the name is the subject."
                    singleLine
                    value={draft.subject}
                    onChange={set('subject')}
                    labels={labels}
                    resetKey={`subject:${resetKey}`}
                    onEditor={onSubjectEditor}
                    onFocus={() => {
                      lastFocus.current = 'subject';
                    }}
                    error={errors.subject}
                    disabled={!editorAllowed}
                    testId="library-subject"
                  />
                  <RichTextEditor
                    label="Body"
                    required
                    value={draft.body}
                    onChange={set('body')}
                    extensions={chips}
                    resetKey={`body:${resetKey}`}
                    onEditor={onBodyEditor}
                    onFocus={() => {
                      lastFocus.current = 'body';
                    }}
                    error={errors.body}
                    disabled={!editorAllowed}
                    testId="library-body"
                    minHeight={200}
                  />
                  {editorAllowed ? (
                    <Group gap="sm">
                      <Button onClick={() => save.mutate()} loading={save.isPending} disabled={bodyEmpty || nameEmpty} data-testid="library-save">
                        {editingId ? 'Save changes' : 'Create template'}
                      </Button>
                      <Button
                        variant="default"
                        leftSection={<IconSend size={16} />}
                        onClick={() => testSend.mutate()}
                        loading={testSend.isPending}
                        disabled={bodyEmpty}
                        data-testid="library-test"
                      >
                        Send me a test
                      </Button>
                      {editingId ? (
                        <Button variant="subtle" color="red" c="red.9" leftSection={<IconTrash size={16} />} onClick={() => setConfirmDelete(true)}>
                          Delete
                        </Button>
                      ) : null}
                      <Button variant="subtle" onClick={() => setOpen(null)}>
                        Close
                      </Button>
                    </Group>
                  ) : (
                    <Text size="sm" c="gray.7">
                      Only editors of your company change templates.
                    </Text>
                  )}
                  {bodyEmpty || nameEmpty ? (
                    <Text size="xs" c="gray.7">
                      {nameEmpty ? 'Give the template a name and write its body to save it.' : 'Write the body to save the template.'}
                    </Text>
                  ) : null}
                </Stack>
              </Section>
              <LibraryPreview
                clientId={clientId}
                name={draft.name}
                subject={draft.subject}
                body={draft.body}
                enabled={!bodyEmpty}
                recipient={recipient}
                onRecipient={setRecipient}
              />
            </SimpleGrid>
          ) : null}
        </Stack>
      )}
      <DeleteTemplate
        opened={confirmDelete}
        name={current?.name ?? draft.name}
        deleting={remove.isPending}
        onKeep={() => setConfirmDelete(false)}
        onDelete={() => editingId && remove.mutate(editingId)}
      />
    </>
  );
}
