import { emailTemplateRoutes } from '@hh/contract/email-templates';
import { type TemplateKind, mergeFieldLabels, templateKindLabels, templateKinds } from '@hh/contract/team';
import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBraces, IconRestore, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { canEditBank } from '../questions/index.ts';

const descriptions: Record<TemplateKind, string> = {
  invitation: 'Sent to people invited to the team, with their single-use link.',
  applicationReceived: 'Sent to a candidate right after they apply.',
  profileRejected: 'Sent to an employee when their Wave profile is not approved.',
  referral: 'Sent to a candidate a recruiter refers to one of your jobs.',
  followUp: 'Sent to a recruiter on the day of a follow-up reminder.',
  campaign: 'Sent to candidates in an email campaign.',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
/** The product's plain default text as editor HTML (paragraphs and line breaks). */
const toEditorHtml = (s: string) =>
  /<\/?(p|br|ul|ol|li|strong|em|h2|h3|a)\b/i.test(s)
    ? s
    : s
        .trim()
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
        .join('');

/**
 * `/settings/email-templates` (issue 14): the selected client's own text for each mail the product sends.
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
  // Issue 10: the subject's and the text's rules (not blank; at most 300 and 50,000 characters) are the contract's
  // save schema. The body is the editor's HTML, named `body` here and `emailValue` in the request.
  const form = useContractForm(emailTemplateRoutes.save, {
    initialValues: { subject: '', body: '' },
    toBody: (v) => ({ clientId: clientId ?? '', name: kind, subject: v.subject, emailValue: v.body }),
    fieldOf: (path) => (path === 'emailValue' ? 'body' : path),
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

  const [debouncedSubject] = useDebouncedValue(subject, 400);
  const [debouncedBody] = useDebouncedValue(body, 400);
  const preview = useQuery({
    queryKey: [emailTemplateRoutes.preview.path, clientId, kind, debouncedSubject, debouncedBody],
    queryFn: () =>
      api(
        emailTemplateRoutes.preview,
        { body: { clientId: clientId ?? '', name: kind, subject: debouncedSubject || undefined, emailValue: debouncedBody || undefined } },
        { silent: true },
      ),
    enabled: !!clientId && !!resetKey,
    placeholderData: (prev) => prev,
  });

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
        description={`The text of the emails ${client?.name ?? 'your company'} sends through the portal. Without a template of its own, an email uses the product's text.`}
      />
      {list.isPending ? (
        <LoadingRows rows={4} />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm" role="group" aria-label="Emails">
            {templateKinds.map((k) => {
              const own = list.data.results.some((t) => t.name === k);
              const active = k === kind;
              return (
                <UnstyledButton key={k} onClick={() => setKind(k)} aria-pressed={active} data-testid={`template-kind-${k}`}>
                  <Paper
                    withBorder
                    p="sm"
                    h="100%"
                    style={active ? { borderColor: 'var(--mantine-color-brand-7)', boxShadow: '0 0 0 1px var(--mantine-color-brand-7)' } : undefined}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={600} size="sm">
                        {templateKindLabels[k]}
                      </Text>
                      <Badge size="sm" variant={own ? 'filled' : 'light'} color={own ? 'teal.9' : 'gray'} c={own ? undefined : 'dark.8'}>
                        {own ? 'Custom' : 'Default'}
                      </Badge>
                    </Group>
                    <Text size="xs" c="gray.7" mt={4}>
                      {descriptions[k]}
                    </Text>
                  </Paper>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>

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
                <Stack gap={6}>
                  <Group gap={6} align="center">
                    <IconBraces size={16} aria-hidden />
                    <Text size="sm" fw={500} id="merge-fields-label">
                      Insert a merge field
                    </Text>
                  </Group>
                  <Group gap={6} role="group" aria-labelledby="merge-fields-label">
                    {fields.map((f) => (
                      <Button
                        key={f}
                        size="compact-sm"
                        variant="light"
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => insert(f)}
                        disabled={!editorAllowed}
                        data-testid={`merge-${f}`}
                      >
                        {mergeFieldLabels[f] ?? f}
                      </Button>
                    ))}
                  </Group>
                  <Text size="xs" c="gray.7">
                    Goes where the cursor is, in the subject or the body. Each field is filled in for every recipient.
                  </Text>
                </Stack>
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
            <Section title="Preview">
              <Stack gap="xs">
                <Text size="sm" c="gray.7">
                  As a recipient sees it, with sample values.
                </Text>
                {preview.error ? (
                  <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
                ) : !preview.data ? (
                  <LoadingRows rows={3} />
                ) : (
                  <>
                    <Title order={3} size="h5" data-testid="preview-subject" style={{ overflowWrap: 'anywhere' }}>
                      {preview.data.subject}
                    </Title>
                    <iframe
                      title="Email preview"
                      sandbox=""
                      srcDoc={preview.data.html}
                      data-testid="preview-frame"
                      style={{ width: '100%', height: 460, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#f6f7f9' }}
                    />
                  </>
                )}
              </Stack>
            </Section>
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
