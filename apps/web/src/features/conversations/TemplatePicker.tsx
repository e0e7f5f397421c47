import { emailTemplateRoutes } from '@hh/contract/email-templates';
import { templateKinds } from '@hh/contract/team';
import { Select } from '@mantine/core';
import { useApiQuery } from '../../lib/query.ts';

interface LibraryTemplate {
  _id: string;
  name: string;
  subject: string;
  emailValue: string;
}

/** The client's own templates (not the six system mails): choosing one fills the subject and the message. */
export function TemplatePicker({ clientId, value, onChoose }: { clientId: string; value: string | null; onChoose: (t: LibraryTemplate | null) => void }) {
  const list = useApiQuery(emailTemplateRoutes.list, { query: { clientId } }, { silent: true });
  const system = new Set<string>(templateKinds);
  const library = (list.data?.results ?? []).filter((t) => !system.has(t.name)) as LibraryTemplate[];
  return (
    <Select
      label="Template"
      size="xs"
      placeholder={list.isPending ? 'Loading templates…' : library.length ? 'Start from a template' : 'No templates yet'}
      description={library.length || list.isPending ? undefined : 'Make one under Settings, Template library.'}
      data={library.map((t) => ({ value: t._id, label: t.name }))}
      value={value}
      onChange={(v) => onChoose(library.find((t) => t._id === v) ?? null)}
      disabled={!library.length}
      searchable={library.length > 8}
      clearable
      w={240}
      data-testid="compose-template"
    />
  );
}
