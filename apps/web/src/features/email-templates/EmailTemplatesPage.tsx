import { emailTemplateRoutes } from '@hh/contract/email-templates';
import { productEmailTemplateRequest, type TemplateKind, templateKindLabels } from '@hh/contract/team';
import { Alert, Anchor, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { IconRestore, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RichTextEditor } from '../../components/RichTextEditor.tsx';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { toEditorHtml } from '@hh/html/rich-text';
import { MergeFields } from './MergeFields.tsx';
import { TemplateKinds } from './TemplateKinds.tsx';
import { TemplatePreview } from './TemplatePreview.tsx';
import { canEditBank } from '../questions/index.ts';

/**
 * `/settings/email-templates`: the selected client's own text for each mail the product sends.
 * Merge fields go in with buttons, the body is rich text, the preview is the mail as sent (the
 * client's branding, sample values), and a test goes to the signed-in user's own address.
 */
export default function EmailTemplatesPage() {
  const me = useUser();
  const { client, clientId } = useSelectedClient();
  const qc = useQueryClient();
  const editorAllowed = canEditBank(me);
  const list = useApiQuery(emailTemplateRoutes.list, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
  const [kind, setKind] = useState<TemplateKind>('invitation');
  // The subject's and the text's rules (not blank; at most 300 and 50,000 characters) are the contract's
  // save schema. The body is the editor's HTML, named `body` here and `emailValue` in the request.
  const form = useContractForm(emailTemplateRoutes.save, {
    initialValues: { subject: '', body: '' },
    toBody: (v) => ({ clientId: clientId ?? '', name: kind, subject: v.subject, emailValue: v.body }),
    fieldOf: (path) => (path === 'emailValue' ? 'body' : path),
    schema: productEmailTemplateRequest,
  });
  const { subject, body } = form.values;
  const setSubject = (v: string) => form.setFieldValue('subject', v);
  const setBody = (v: string) => form.setFieldValue('body', v);
  const [resetKey, setResetKey] = useState('');
  const [confirmRestore, setConfirmRestore] = useState(false);
  const editorRef = useRef<Editor | null>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const lastFocus = useRef<'subject' | 'body'>('body');
  const onEditor = useCallback((e: Editor | null) => {
    editorRef.current = e;
  }, []);

  const saved = list.data?.results.find((t) => t.name === kind) ?? null;
  const fallback = list.data?.defaults.find((d) => d.name === kind) ?? null;
  const fields = fallback?.mergeFields ?? [];

  // Opening a kind (or new data for it after a save) loads its text into the editor.
  const source = saved ? `${saved._id}:${saved.updatedAt}` : `default:${kind}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `source` names the saved or default text; keystrokes must not reload it
  useEffect(() => {
    if (!list.data) return;
    const t = saved ?? fallback;
    if (!t) return;
    form.setValues({ subject: t.subject, body: toEditorHtml(t.emailValue) });
    form.clearErrors();
    setResetKey(`${clientId}:${source}`);
  }, [list.data, source, clientId]);

  const refresh = () => qc.invalidateQueries({ queryKey: queryKey(emailTemplateRoutes.list) });
  const failed = (fallbackText: string) => (err: unknown) => {
    if (err instanceof ApiError && err.status === 403) return notify.error(err.message);
    notify.error(err instanceof ApiError && err.status ? err.message : fallbackText);
  };
  const save = useMutation({
    mutationFn: (b: ReturnType<typeof form.body>) => api(emailTemplateRoutes.save, { body: b }),
    onSuccess: (r) => {
      notify.success(r.message);
      void refresh();
    },
    onError: (err) => {
      form.showServerErrors(err);
      failed('The template could not be saved. Try again.')(err);
    },
  });
  const testSend = useMutation({
    mutationFn: () =>
      api(emailTemplateRoutes.testSend, { body: { clientId: clientId ?? '', name: kind, subject: subject || undefined, emailValue: body || undefined } }),
    onSuccess: (r) => notify.success(r.message),
    onError: failed('The test email could not be sent. Try again.'),
  });
  const restore = useMutation({
    mutationFn: () => api(emailTemplateRoutes.delete, { query: { clientId: clientId ?? '', name: kind } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setConfirmRestore(false);
      void refresh();
    },
    onError: failed('The template could not be removed. Try again.'),
  });

  const insert = (field: string) => {
    const token = `{{${field}}}`;
    if (lastFocus.current === 'subject' && subjectRef.current) {
      const el = subjectRef.current;
      const start = el.selectionStart ?? subject.length;
      const end = el.selectionEnd ?? subject.length;
      const next = subject.slice(0, start) + token + subject.slice(end);
      setSubject(next);
      requestAnimationFrame(() => {
        el.focus();
        el.setSelectionRange(start + token.length, start + token.length);
      });
      return;
    }
    editorRef.current?.chain().focus().insertContent(token).run();
  };

  if (!clientId) {
    return (
      <>
        <PageHeader title="Email templates" />
        <EmptyState title="No client selected">Choose a client in the header to edit its email templates.</EmptyState>
      </>
    );
  }

  const subjectProps = form.getInputProps('subject');
  const bodyEmpty = !body.replace(/<[^>]*>/g, '').trim();
  const dirty = !!list.data && (subject !== (saved ?? fallback)?.subject || body !== toEditorHtml((saved ?? fallback)?.emailValue ?? ''));

  return (
    <>
      <PageHeader
        title="Email templates"
        description={
          <>
            The text of the emails {client?.name ?? 'your company'} sends through the portal. Without a template of its own, an email uses the product's text.
            Emails recruiters write to candidates start from the{' '}
            <Anchor component={Link} to="/settings/email-templates/library" size="sm" underline="always">
              template library
            </Anchor>
            .
          </>
        }
      />
      {list.isPending ? (
        <LoadingRows rows={4} />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Stack>
          <TemplateKinds kind={kind} custom={list.data.results.map((t) => t.name)} onChoose={setKind} />

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title={templateKindLabels[kind]}>
              <Stack>
                {!saved ? (
                  <Alert color="gray" variant="light">
                    This email uses the product's text. Change it below and save to use your own.
                  </Alert>
                ) : null}
                <TextInput
                  ref={subjectRef}
                  label="Subject"
                  required
                  maxLength={300}
                  {...subjectProps}
                  onFocus={(e) => {
                    lastFocus.current = 'subject';
                    subjectProps.onFocus?.(e);
                  }}
                  readOnly={!editorAllowed}
                />
                <MergeFields fields={fields} disabled={!editorAllowed} onInsert={insert} />
                <RichTextEditor
                  label="Body"
                  required
                  testId="template-body"
                  minHeight={220}
                  value={body}
                  resetKey={resetKey}
                  onChange={setBody}
                  onEditor={onEditor}
                  onFocus={() => {
                    lastFocus.current = 'body';
                  }}
                  error={(form.errors.body as string | undefined) ?? (bodyEmpty && dirty ? 'Write the text of the email.' : undefined)}
                />
                {editorAllowed ? (
                  <Group gap="sm">
                    {/* An editor with no text still holds markup (<p></p>), which the schema's rule lets through. */}
                    <Button onClick={() => form.onSubmit(() => save.mutate(form.body()))()} loading={save.isPending} disabled={bodyEmpty}>
                      Save template
                    </Button>
                    <Button variant="default" leftSection={<IconSend size={16} />} onClick={() => testSend.mutate()} loading={testSend.isPending}>
                      Send me a test
                    </Button>
                    {saved ? (
                      <Button variant="subtle" color="red.8" leftSection={<IconRestore size={16} />} onClick={() => setConfirmRestore(true)}>
                        Use the product's text
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
            <TemplatePreview clientId={clientId} kind={kind} subject={subject} body={body} ready={!!resetKey} />
          </SimpleGrid>
        </Stack>
      )}
      <Modal opened={confirmRestore} onClose={() => setConfirmRestore(false)} title="Use the product's text again?">
        <Stack>
          <Text size="sm">Your “{templateKindLabels[kind]}” template is removed, and this email goes out with the product's text.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRestore(false)}>
              Keep my template
            </Button>
            <Button color="red.8" loading={restore.isPending} onClick={() => restore.mutate()}>
              Remove my template
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
