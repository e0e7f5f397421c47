import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor as MantineRichText } from '@mantine/tiptap';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { cleanPastedHtml } from '../../lib/clean-paste.ts';

/**
 * The email body: the portal's rich-text editor (same toolbar as components/RichTextEditor) that
 * also hands its editor to the page, so the merge-field buttons can insert `{{field}}` at the cursor.
 * `resetKey` changes when another template is opened: the content is replaced then, not on each keystroke.
 */
export function TemplateBodyEditor({
  value,
  resetKey,
  onChange,
  onEditor,
  onFocus,
  error,
}: {
  value: string;
  resetKey: string;
  onChange: (html: string) => void;
  onEditor: (editor: Editor | null) => void;
  onFocus: () => void;
  error?: string;
}) {
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false, heading: { levels: [2, 3] } }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        'data-testid': 'template-body',
        style: 'min-height: 220px',
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onFocus: () => onFocus(),
  });
  useEffect(() => {
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new template (resetKey) replaces the content
  useEffect(() => {
    if (editor) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, resetKey]);

  return (
    <Input.Wrapper label="Body" required error={error} id={id} labelElement="div" labelProps={{ id: `${id}-label` }}>
      <MantineRichText editor={editor} mt={4}>
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
