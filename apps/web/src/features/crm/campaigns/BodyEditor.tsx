import { CAMPAIGN_MERGE_FIELDS } from '@hh/contract/crm';
import { Button, Group, Text } from '@mantine/core';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';

/**
 * The campaign body: the portal's rich-text editor with buttons that insert merge fields
 * ({{firstName}}…) at the cursor. The server sanitises the HTML.
 */
export function BodyEditor({ value, onChange, disabled }: { value: string; onChange: (html: string) => void; disabled?: boolean }) {
  return (
    <RichTextEditor
      label="Message"
      required
      value={value}
      onChange={onChange}
      disabled={disabled}
      minHeight={220}
      testId="campaign-body"
      above={(editor) => (
        <Group gap={6} mt={4} mb={6} wrap="wrap" role="group" aria-label="Insert a merge field">
          <Text size="xs" c="gray.7">
            Insert:
          </Text>
          {CAMPAIGN_MERGE_FIELDS.map((f) => (
            <Button
              key={f.key}
              size="compact-xs"
              variant="light"
              disabled={disabled}
              onClick={() => editor?.chain().focus().insertContent(`{{${f.key}}}`).run()}
            >
              {f.label}
            </Button>
          ))}
        </Group>
      )}
    />
  );
}
