import {
  type ConversationChannel,
  CONVERSATION_LIMITS,
  conversationMergeFieldLabels,
  conversationMergeFields,
  conversationsRoutes,
} from '@hh/contract/conversations';
import { conversationsSmsRoutes, countSmsSegments } from '@hh/contract/conversations-sms';
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconEye, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { RichTextEditor } from '../../components/RichTextEditor.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { ChipTextEditor, MergeFieldChip, MergeFields, withChips } from '../email-templates/index.ts';
import { smsOn, useConversationInvalidation } from './hooks.ts';
import { usePhoneProblem } from './phone-check.ts';
import { RecipientPreview } from './RecipientPreview.tsx';
import { TemplatePicker } from './TemplatePicker.tsx';

const labels: Record<string, string> = conversationMergeFieldLabels;
const chips = [MergeFieldChip.configure({ labels })];
const blank = (html: string) =>
  !html
    .replace(/<span data-merge-field[^>]*>/g, 'x')
    .replace(/<[^>]*>/g, '')
    .trim();

export interface ComposeProps {
  clientId: string;
  /** Who the message goes to: one candidate (a reply, the drawer) or a selection (bulk). */
  candidateIds: string[];
  /** One recipient's phone, to say before sending that the number opted out of texts. */
  phone?: string | null;
  defaultChannel?: ConversationChannel;
  /** The subject a reply starts with ("Re: " and the thread's last subject). */
  defaultSubject?: string;
  /** The job the message is about (fills the job title). */
  jobId?: string;
  /** A reply under a thread: fewer words around the fields. */
  compact?: boolean;
  onSent?: () => void;
}

/**
 * The one composer (the inbox, the candidate drawer, a selection on the candidate list): email or
 * SMS (SMS only while the client's integration is on, and never to a number that opted out), a
 * template from the client's library, merge fields as chips, a preview per recipient, send now or at
 * a time. A text's segment count shows as it is typed.
 */
export function Compose({ clientId, candidateIds, phone, defaultChannel = 'email', defaultSubject = '', jobId, compact, onSent }: ComposeProps) {
  const { client } = useSelectedClient();
  const sms = smsOn(client);
  const [channel, setChannel] = useState<ConversationChannel>(sms ? defaultChannel : 'email');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [subject, setSubject] = useState(defaultSubject);
  const [html, setHtml] = useState('');
  const [text, setText] = useState('');
  const [resetKey, setResetKey] = useState('0');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [sendAt, setSendAt] = useState('');
  const [showPreview, setShowPreview] = useState(false);
  const invalidate = useConversationInvalidation();
  const editors = useRef<{ subject: Editor | null; body: Editor | null; sms: Editor | null }>({ subject: null, body: null, sms: null });
  const lastFocus = useRef<'subject' | 'body'>('body');
  const onSubjectEditor = useCallback((e: Editor | null) => {
    editors.current.subject = e;
  }, []);
  const onBodyEditor = useCallback((e: Editor | null) => {
    editors.current.body = e;
  }, []);
  const onSmsEditor = useCallback((e: Editor | null) => {
    editors.current.sms = e;
  }, []);

  const single = candidateIds.length === 1;
  // The server's own check (the contract's, loaded with the first text): a number it would refuse is
  // named before sending; undefined while the check loads.
  const numberProblem = usePhoneProblem(phone, channel === 'sms' && single && !!phone);
  const badNumber = numberProblem ?? null;
  const checkingNumber = numberProblem === undefined;
  const optOut = useApiQuery(
    conversationsSmsRoutes.optOut,
    { query: { clientId, phone: phone ?? '' } },
    { enabled: sms && single && !!phone && channel === 'sms' && numberProblem === null, silent: true },
  );
  const optedOut = channel === 'sms' && optOut.data?.optedOut === true;
  const segments = useMemo(() => countSmsSegments(text), [text]);

  const insert = (field: string) => {
    const target = channel === 'sms' ? editors.current.sms : lastFocus.current === 'subject' ? editors.current.subject : editors.current.body;
    target?.chain().focus().insertContent({ type: 'mergeField', attrs: { field } }).run();
  };

  const applyTemplate = (t: { _id: string; subject: string; emailValue: string } | null) => {
    setTemplateId(t?._id ?? null);
    if (!t) return;
    if (channel === 'email') {
      setSubject(t.subject);
      setHtml(withChips(t.emailValue));
    } else {
      setText(
        t.emailValue
          .replace(/<\/p>\s*<p[^>]*>/g, '\n')
          .replace(/<br\s*\/?>/g, '\n')
          .replace(/<[^>]*>/g, '')
          .replace(/&nbsp;/g, ' ')
          .replace(/&amp;/g, '&')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>'),
      );
    }
    setResetKey((k) => String(Number(k) + 1));
  };

  const sendAtIso = when === 'later' && sendAt ? new Date(sendAt).toISOString() : undefined;
  const fields = () => ({
    clientId,
    candidateIds,
    channel,
    jobId,
    templateId: templateId ?? undefined,
    ...(channel === 'email' ? { subject: subject.trim() || undefined, body: html } : { body: text }),
  });
  const empty = channel === 'email' ? blank(html) || !subject.trim() : !text.trim();
  const laterMissing = when === 'later' && (!sendAt || Number.isNaN(new Date(sendAt).getTime()));

  const send = useMutation({
    mutationFn: () => api(conversationsRoutes.send, { body: { ...fields(), ...(sendAtIso ? { sendAt: sendAtIso } : {}) } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setSubject(defaultSubject);
      setHtml('');
      setText('');
      setTemplateId(null);
      setShowPreview(false);
      setWhen('now');
      setSendAt('');
      setResetKey((k) => String(Number(k) + 1));
      invalidate(single ? candidateIds[0] : undefined);
      onSent?.();
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : 'The message could not be sent. Try again.'),
  });

  return (
    <Stack gap="sm" data-testid="compose">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <div>
          <Text size="sm" fw={500} mb={4}>
            Send as
          </Text>
          <SegmentedControl
            aria-label="Channel"
            size="xs"
            value={channel}
            onChange={(v) => setChannel(v as ConversationChannel)}
            data={[
              { value: 'email', label: 'Email' },
              { value: 'sms', label: 'SMS', disabled: !sms },
            ]}
            data-testid="compose-channel"
          />
        </div>
        <TemplatePicker clientId={clientId} value={templateId} onChoose={applyTemplate} />
      </Group>
      {!sms && !compact ? (
        <Text size="xs" c="gray.7">
          Texting is off for this client: an administrator turns on SMS conversations in the client's integrations.
        </Text>
      ) : null}
      {badNumber ? (
        <Alert color="orange" title="This number cannot get texts" data-testid="bad-number">
          {badNumber}. Correct the number on the candidate's profile, or send an email instead.
        </Alert>
      ) : null}
      {optedOut ? (
        <Alert color="orange" title="This number opted out of texts" data-testid="opted-out">
          {optOut.data?.message ?? 'This number replied STOP: it gets no texts until it replies START. Send an email instead.'}
        </Alert>
      ) : null}
      <MergeFields
        fields={conversationMergeFields}
        labels={labels}
        disabled={false}
        onInsert={insert}
        hint={
          single
            ? 'Goes where the cursor is. Each field is filled in from the candidate, the job, you and your company; the booking link is made when you send, for the next interview of their application.'
            : `Goes where the cursor is. Each field is filled in for each of the ${candidateIds.length} recipients; each gets a booking link of their own.`
        }
      />
      {channel === 'email' ? (
        <>
          <ChipTextEditor
            key="subject"
            label="Subject"
            singleLine
            value={subject}
            onChange={setSubject}
            labels={labels}
            resetKey={resetKey}
            onEditor={onSubjectEditor}
            onFocus={() => {
              lastFocus.current = 'subject';
            }}
            testId="compose-subject"
            required
          />
          <RichTextEditor
            label="Message"
            value={html}
            onChange={setHtml}
            extensions={chips}
            resetKey={resetKey}
            onEditor={onBodyEditor}
            onFocus={() => {
              lastFocus.current = 'body';
            }}
            testId="compose-body"
            minHeight={compact ? 100 : 160}
          />
        </>
      ) : (
        <>
          <ChipTextEditor
            key="sms"
            label="Text message"
            value={text}
            onChange={setText}
            labels={labels}
            resetKey={resetKey}
            onEditor={onSmsEditor}
            testId="compose-sms"
            disabled={optedOut || !!badNumber}
          />
          <Text size="xs" c="gray.7" data-testid="sms-segments" aria-live="polite">
            {segments.segments <= 1
              ? `1 message (${segments.units} of ${segments.perSegment} characters${segments.encoding === 'UCS-2' ? ', with special characters' : ''})`
              : `${segments.segments} messages (${segments.encoding === 'UCS-2' ? 'special characters: ' : ''}${segments.perSegment} characters each)`}
            . Merge fields count as their filled-in length.
          </Text>
        </>
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="When"
          size="xs"
          value={when}
          onChange={(v) => setWhen(v as 'now' | 'later')}
          data={[
            { value: 'now', label: 'Send now' },
            { value: 'later', label: 'Send later' },
          ]}
        />
        {when === 'later' ? (
          <TextInput
            type="datetime-local"
            label="Send at (your time)"
            size="xs"
            value={sendAt}
            onChange={(e) => setSendAt(e.currentTarget.value)}
            min={new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16)}
            data-testid="compose-send-at"
          />
        ) : null}
      </Group>
      {showPreview ? <RecipientPreview request={fields()} enabled={!empty} /> : null}
      <Group gap="sm">
        <Button
          leftSection={<IconSend size={16} />}
          onClick={() => send.mutate()}
          loading={send.isPending}
          disabled={empty || optedOut || !!badNumber || checkingNumber || laterMissing || candidateIds.length > CONVERSATION_LIMITS.maxRecipients}
          data-testid="compose-send"
        >
          {when === 'later' ? 'Schedule' : single ? 'Send' : `Send to ${candidateIds.length}`}
        </Button>
        <Button variant="default" leftSection={<IconEye size={16} />} onClick={() => setShowPreview((s) => !s)} aria-pressed={showPreview} disabled={empty}>
          {showPreview ? 'Hide preview' : 'Preview'}
        </Button>
        {empty ? (
          <Text size="xs" c="gray.7">
            {channel === 'email' ? 'Write a subject and a message to send it.' : 'Write a message to send it.'}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
