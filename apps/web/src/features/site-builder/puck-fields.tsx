import type { BlockField } from '@hh/contract/page-blocks';
import { toEditorHtml } from '@hh/html/rich-text';
import type { Field } from '@puckeditor/core';
import { RichTextEditor } from '../../components/RichTextEditor.tsx';
import { type Props, s } from './block-parts.tsx';
import { ImageField } from './ImageField.tsx';
import { useSite } from './site-context.tsx';
import { VideoField } from './VideoField.tsx';

/** An upload field knows the client from the site it edits. */
function SiteImageField(props: Omit<Parameters<typeof ImageField>[0], 'clientId'>) {
  const { clientId } = useSite();
  return <ImageField {...props} clientId={clientId} />;
}
function SiteVideoField(props: Omit<Parameters<typeof VideoField>[0], 'clientId'>) {
  const { clientId } = useSite();
  return <VideoField {...props} clientId={clientId} />;
}

/** One block field as a Puck field: text, rich text, an upload, a number, a choice or a list of items. */
export function toPuckField(f: BlockField, departments: Array<{ label: string; value: string }>): Field {
  switch (f.type) {
    case 'text':
    case 'url':
      return { type: 'text', label: f.label };
    case 'image':
      return {
        type: 'custom',
        label: f.label,
        render: ({ id, value, onChange, readOnly }) => (
          <SiteImageField id={id} label={f.label} value={value as string | undefined} onChange={onChange} readOnly={readOnly} />
        ),
      };
    case 'video':
      return {
        type: 'custom',
        label: f.label,
        render: ({ id, value, onChange, readOnly }) => (
          <SiteVideoField id={id} label={f.label} value={value as string | undefined} onChange={onChange} readOnly={readOnly} />
        ),
      };
    case 'textarea':
      return { type: 'textarea', label: f.label };
    case 'richtext':
      return {
        type: 'custom',
        label: f.label,
        render: ({ id, value, onChange, readOnly }) => (
          <RichTextEditor
            label={f.label}
            value={toEditorHtml(typeof value === 'string' ? value : '')}
            onChange={onChange}
            disabled={readOnly}
            minHeight={160}
            testId={`rich-field-${id}`}
          />
        ),
      };
    case 'number':
      return { type: 'number', label: f.label, min: f.min, max: f.max };
    case 'select':
      return { type: 'select', label: f.label, options: f.options };
    case 'department':
      return { type: 'select', label: f.label, options: [{ label: 'All departments', value: '' }, ...departments] };
    case 'list':
      return {
        type: 'array',
        label: f.label,
        arrayFields: Object.fromEntries(
          Object.entries(f.fields).map(([k, sub]) => [k, { type: sub.type === 'textarea' ? 'textarea' : 'text', label: sub.label }]),
        ),
        getItemSummary: (item: Props) => s(item[f.titleField]) || 'Item',
      } as Field;
  }
}
