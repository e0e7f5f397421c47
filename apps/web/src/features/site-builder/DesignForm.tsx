import { messages } from '@hh/contract/messages';
import { type Design, defaultDesign, pageRoutes, siteFonts } from '@hh/contract/site-builder';
import { fontFacesCss, fontLabel, fontStack, readableOn } from '@hh/contract/site-css';
import { Box, Button, ColorInput, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { pageError, useDesign } from './hooks.ts';

/** System first, then the fonts by name; each option is drawn in its own face, so the choice shows what it looks like. */
const fontOptions = [...siteFonts]
  .sort((a, b) => (a === 'System' ? -1 : b === 'System' ? 1 : a.localeCompare(b)))
  .map((f) => ({ value: f, label: fontLabel(f) }));
const fontInFace = ({ option }: { option: { value: string; label: string } }) => <span style={{ fontFamily: fontStack(option.value) }}>{option.label}</span>;

const RADIUS: Record<Design['buttonStyle'], string> = { rounded: '8px', pill: '999px', square: '2px' };

/**
 * The chosen design at work, as a visitor will see it (the career site's own rules, site-css.ts): a
 * hero in the heading-and-hero colour with its button in the button colour and shape, then a section
 * of text on the background with a link, and an alternate section on its colour; the heading face in
 * bold, the body face in regular. Text on a colour is black or white, whichever reads better, as on the site.
 */
function FontSample({ d, name }: { d: Design; name: string }) {
  const c = d.colors;
  const heading = { fontFamily: fontStack(d.headingFont) };
  const body = { fontFamily: fontStack(d.bodyFont) };
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden', background: c.background, color: c.text }} data-testid="font-sample">
      <Box p="lg" style={{ background: c.secondary, color: readableOn(c.secondary) }} data-testid="sample-hero">
        <Text component="div" fw={700} fz={26} lh={1.2} mb={6} style={heading}>
          Careers at {name}
        </Text>
        <Text component="div" fz={17} lh={1.6} mb="md" style={body}>
          Find your next job and apply in two minutes.
        </Text>
        <Box
          component="span"
          data-testid="sample-button"
          style={{
            ...body,
            display: 'inline-block',
            background: c.primary,
            color: readableOn(c.primary),
            borderRadius: RADIUS[d.buttonStyle],
            padding: '10px 20px',
            fontWeight: 600,
          }}
        >
          Search jobs
        </Box>
      </Box>
      <Box p="lg">
        <Text component="div" fw={700} fz={20} lh={1.2} mb={6} style={heading}>
          Why work with us
        </Text>
        <Text component="div" fz={17} lh={1.6} style={body}>
          The quick brown fox jumps over the lazy dog.{' '}
          <Text span inherit style={{ color: c.secondary, textDecoration: 'underline' }}>
            Meet the team
          </Text>
        </Text>
      </Box>
      <Box px="lg" py="sm" style={{ background: c.surface, color: c.text }} data-testid="sample-surface">
        <Text component="div" fz={15} style={body}>
          Alternate sections use this colour.
        </Text>
      </Box>
    </Paper>
  );
}

export function DesignForm({ clientId, templateId, clientName }: { clientId: string; templateId: string; clientName: string }) {
  const qc = useQueryClient();
  const { design } = useDesign(clientId, templateId);
  const [d, setD] = useState<Design>(defaultDesign);
  useEffect(() => setD(design?.activeDesign ?? defaultDesign), [design]);
  const save = useMutation({
    mutationFn: () =>
      design
        ? api(pageRoutes.updateDesignOptions, { body: { _id: design._id, clientId, activeDesign: d } })
        : api(pageRoutes.createDesignOptions, { body: { clientId, templateId, activeDesign: d } }),
    onSuccess: (r) => {
      notify.success(r.message ?? messages.pages.designSaved);
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.listDesignOptions) });
    },
    onError: (e) => notify.error(pageError(e, 'The design could not be saved')),
  });
  const color = (k: keyof Design['colors'], label: string) => (
    <ColorInput label={label} value={d.colors[k]} onChange={(v) => setD({ ...d, colors: { ...d.colors, [k]: v } })} format="hex" />
  );
  return (
    <Stack>
      {/* Every font's @font-face, served by our own host (same URLs as the career site); a browser fetches a face only when text uses it. */}
      <style>{fontFacesCss(siteFonts)}</style>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {color('primary', 'Buttons')}
        {color('secondary', 'Headings and hero')}
        {color('text', 'Text')}
        {color('background', 'Background')}
        {color('surface', 'Alternate sections')}
        <TextInput
          label="Logo address"
          value={d.logo ?? ''}
          onChange={(e) => setD({ ...d, logo: e.currentTarget.value || undefined })}
          placeholder="https://…"
        />
        <Select
          label="Heading font"
          data={fontOptions}
          value={d.headingFont}
          onChange={(v) => v && setD({ ...d, headingFont: v as Design['headingFont'] })}
          renderOption={fontInFace}
          styles={{ input: { fontFamily: fontStack(d.headingFont) } }}
          allowDeselect={false}
        />
        <Select
          label="Body font"
          data={fontOptions}
          value={d.bodyFont}
          onChange={(v) => v && setD({ ...d, bodyFont: v as Design['bodyFont'] })}
          renderOption={fontInFace}
          styles={{ input: { fontFamily: fontStack(d.bodyFont) } }}
          allowDeselect={false}
        />
        <Select
          label="Buttons"
          data={[
            { value: 'rounded', label: 'Rounded' },
            { value: 'pill', label: 'Pill' },
            { value: 'square', label: 'Square' },
          ]}
          value={d.buttonStyle}
          onChange={(v) => v && setD({ ...d, buttonStyle: v as Design['buttonStyle'] })}
          allowDeselect={false}
        />
        <Select
          label="Spacing"
          data={[
            { value: 'compact', label: 'Compact' },
            { value: 'comfortable', label: 'Comfortable' },
            { value: 'airy', label: 'Airy' },
          ]}
          value={d.spacing}
          onChange={(v) => v && setD({ ...d, spacing: v as Design['spacing'] })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <FontSample d={d} name={clientName} />
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          Save design
        </Button>
      </Group>
    </Stack>
  );
}
