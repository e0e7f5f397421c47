import './chip-editor.css';
import { Input } from '@mantine/core';
import { type Editor, EditorContent, Extension, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { MergeFieldChip, textWithChips } from './merge-chip.ts';

interface ChipTextEditorProps {
  label: string;
  description?: string;
  /** Plain text; merge fields as `{{field}}`, shown as chips. */
  value: string;
  onChange: (text: string) => void;
  /** One line (a subject): Enter does nothing. */
  singleLine?: boolean;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  testId?: string;
  minHeight?: number;
  /** Labels of the merge fields this text may use. */
  labels?: Record<string, string>;
  /** The content is replaced only when this key changes (another template or recipient opened). */
  resetKey?: string;
  onEditor?: (editor: Editor | null) => void;
  onFocus?: () => void;
}

/** One line: Enter adds no paragraph. */
const handled = () => true;
const SingleLine = Extension.create({ name: 'singleLine', addKeyboardShortcuts: () => ({ Enter: handled }) });

const text = (e: Editor) => e.getText({ blockSeparator: '\n' });

/**
 * A plain-text field with merge-field chips, for what has no formatting: an email's subject and an
 * SMS body. Like the rich-text editor, a merge field is one chip a person inserts with a button, never
 * braces typed by hand; the value is plain text with `{{field}}` where each chip is.
 */
export function ChipTextEditor(props: ChipTextEditorProps) {
  const { label, description, value, onChange, singleLine, error, required, disabled, minHeight, labels, resetKey, onEditor, onFocus } = props;
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        bold: false,
        bulletList: false,
        code: false,
        codeBlock: false,
        heading: false,
        horizontalRule: false,
        italic: false,
        listItem: false,
        orderedList: false,
        strike: false,
        link: false,
        underline: false,
        hardBreak: false,
      }),
      MergeFieldChip.configure(labels ? { labels } : {}),
      ...(singleLine ? [SingleLine] : []),
    ],
    content: textWithChips(value),
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': singleLine ? 'false' : 'true',
        'aria-labelledby': `${id}-label`,
        ...(description ? { 'aria-describedby': `${id}-description` } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        'data-testid': props.testId ?? 'chip-text',
        style: `min-height: ${minHeight ?? (singleLine ? 22 : 90)}px; outline: none; white-space: pre-wrap;`,
      },
      // A pasted text keeps its words only; in one line, its lines are joined.
      transformPastedHTML: (html) => html.replace(/<(?!\/?(p|br)\b)[^>]*>/g, ''),
      transformPastedText: (t) => (singleLine ? t.replace(/\s*\n\s*/g, ' ') : t),
    },
    onUpdate: ({ editor: e }) => onChange(text(e)),
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
    if (editor && resetKey !== undefined) editor.commands.setContent(textWithChips(value), { emitUpdate: false });
  }, [editor, resetKey]);
  useEffect(() => {
    if (editor && resetKey === undefined && !editor.isFocused && value !== text(editor))
      editor.commands.setContent(textWithChips(value), { emitUpdate: false });
  }, [editor, value, resetKey]);
  return (
    <Input.Wrapper label={label} description={description} error={error} required={required} id={id} labelElement="div" labelProps={{ id: `${id}-label` }}>
      <div
        className="chip-text-editor"
        style={{
          marginTop: 4,
          padding: '6px 12px',
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-4)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: disabled ? 'var(--mantine-color-gray-1)' : 'white',
          fontSize: 'var(--mantine-font-size-sm)',
        }}
      >
        <EditorContent editor={editor} />
      </div>
    </Input.Wrapper>
  );
}
