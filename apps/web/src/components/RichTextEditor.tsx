import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor as MantineRichText } from '@mantine/tiptap';
import { type AnyExtension, type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId } from 'react';
import { cleanPastedHtml } from '../lib/clean-paste.ts';

interface RichTextEditorProps {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  minHeight?: number;
  /** The content element's test id (default `rich-text-content`). */
  testId?: string;
  /**
   * When set, the content is replaced only when this key changes (another record opened), never while
   * typing. Without it, a value that arrives after the first render (an edit screen's fetch) replaces
   * the content while the editor is not focused.
   */
  resetKey?: string;
  /** Hands the editor to the page (merge-field buttons insert at the cursor). */
  onEditor?: (editor: Editor | null) => void;
  onFocus?: () => void;
  /** Shown between the label and the toolbar (merge-field buttons, for example). */
  above?: (editor: Editor | null) => ReactNode;
  /** More node types the content may hold (merge-field chips in email templates), read when the editor is made. */
  extensions?: AnyExtension[];
}

const html = (e: Editor) => (e.isEmpty ? '' : e.getHTML());

/**
 * The portal's one rich-text field (recruiters never edit HTML): job descriptions, email
 * templates, campaign bodies, the privacy notice, page text blocks and motivator stories. Toolbar for
 * headings, bold, italic, underline, lists, quote and links; the value is HTML limited to the editor's
 * schema, and the server sanitises it again when stored. Paste from Word or Google Docs is cleaned
 * (lib/clean-paste.ts).
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { label, description, value, onChange, error, required, disabled, minHeight = 180, resetKey, onEditor, onFocus } = props;
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false, heading: { levels: [2, 3] } }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
      ...(props.extensions ?? []),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(description ? { 'aria-describedby': `${id}-description` } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        'data-testid': props.testId ?? 'rich-text-content',
        style: `min-height: ${minHeight}px`,
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: e }) => onChange(html(e)),
    onFocus: () => onFocus?.(),
  });
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);
  useEffect(() => {
    if (!onEditor) return;
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: with a resetKey only a new key replaces the content
  useEffect(() => {
    if (editor && resetKey !== undefined) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, resetKey]);
  useEffect(() => {
    if (editor && resetKey === undefined && !editor.isFocused && value !== html(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value, resetKey]);

  return (
    <Input.Wrapper label={label} description={description} error={error} required={required} id={id} labelElement="div" labelProps={{ id: `${id}-label` }}>
      {props.above?.(editor)}
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
