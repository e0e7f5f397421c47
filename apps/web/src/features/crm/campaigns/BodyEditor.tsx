import '@mantine/tiptap/styles.css';
import { CAMPAIGN_MERGE_FIELDS } from '@hh/contract/crm';
import { Button, Group, Input, Text } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { cleanPastedHtml } from '../../../lib/clean-paste.ts';

/**
 * The campaign body: the portal's rich-text editor (Mantine tiptap, as components/RichTextEditor)
 * with buttons that insert merge fields ({{firstName}}…) at the cursor. The server sanitises the HTML.
 */
export function BodyEditor({ value, onChange, disabled }: { value: string; onChange: (html: string) => void; disabled?: boolean }) {
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        'data-testid': 'campaign-body',
        style: 'min-height: 220px',
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  useEffect(() => {
    if (editor && !editor.isFocused && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label="Message" id={id} labelElement="div" labelProps={{ id: `${id}-label` }} required>
      <Group gap={6} mt={4} mb={6} wrap="wrap" role="group" aria-label="Insert a merge field">
        <Text size="xs" c="gray.7">
          Insert:
        </Text>
        {CAMPAIGN_MERGE_FIELDS.map((f) => (
          <Button key={f.key} size="compact-xs" variant="light" disabled={disabled} onClick={() => editor?.chain().focus().insertContent(`{{${f.key}}}`).run()}>
            {f.label}
          </Button>
        ))}
      </Group>
      <RichTextEditor editor={editor}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
