import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor as MantineRichText } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { cleanPastedHtml } from '../lib/clean-paste.ts';

export interface RichTextEditorProps {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  required?: boolean;
  minHeight?: number;
}

/**
 * The portal's rich-text field (issue 15: recruiters never edit HTML). Toolbar for headings, bold,
 * italic, underline, lists, quote and links; the value is HTML limited to the editor's schema, and the
 * server sanitises it again when stored. Paste from Word or Google Docs is cleaned (lib/clean-paste.ts).
 */
export function RichTextEditor({ label, description, value, onChange, error, required, minHeight = 180 }: RichTextEditorProps) {
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(description ? { 'aria-describedby': `${id}-description` } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        'data-testid': 'rich-text-content',
        style: `min-height: ${minHeight}px`,
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A value loaded after the first render (an edit screen's fetch) replaces the content once.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} description={description} error={error} required={required} id={id} labelElement="div" labelProps={{ id: `${id}-label` }}>
      <MantineRichText editor={editor} mt={4} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <MantineRichText.Toolbar>
          <MantineRichText.ControlsGroup>
            <MantineRichText.H2 />
            <MantineRichText.H3 />
          </MantineRichText.ControlsGroup>
          <MantineRichText.ControlsGroup>
            <MantineRichText.Bold />
            <MantineRichText.Italic />
            <MantineRichText.Underline />
            <MantineRichText.ClearFormatting />
          </MantineRichText.ControlsGroup>
          <MantineRichText.ControlsGroup>
            <MantineRichText.BulletList />
            <MantineRichText.OrderedList />
            <MantineRichText.Blockquote />
          </MantineRichText.ControlsGroup>
          <MantineRichText.ControlsGroup>
            <MantineRichText.Link />
            <MantineRichText.Unlink />
          </MantineRichText.ControlsGroup>
          <MantineRichText.ControlsGroup>
            <MantineRichText.Undo />
            <MantineRichText.Redo />
          </MantineRichText.ControlsGroup>
        </MantineRichText.Toolbar>
        <MantineRichText.Content />
      </MantineRichText>
    </Input.Wrapper>
  );
}
