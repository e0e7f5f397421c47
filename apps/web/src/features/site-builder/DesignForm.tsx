import { messages } from '@hh/contract/messages';
import { type Design, defaultDesign, design as designSchema, pageRoutes, siteFonts } from '@hh/contract/site-builder';
import { fontFacesCss, fontLabel, fontStack, readableOn } from '@hh/contract/site-css';
import { Badge, Box, Button, ColorInput, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState, LoadingRows } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { pageError, useDesign, useDesignPublishing } from './hooks.ts';
import { LogoField } from './LogoField.tsx';
import { fmt } from './PageHistory.tsx';
import { publishedNotice } from './publish.tsx';

/** System first, then the fonts by name; each option is drawn in its own face, so the choice shows what it looks like. */
const fontOptions = [...siteFonts]
  .sort((a, b) => (a === 'System' ? -1 : b === 'System' ? 1 : a.localeCompare(b)))
  .map((f) => ({ value: f, label: fontLabel(f) }));
const fontInFace = ({ option }: { option: { value: string; label: string } }) => <span style={{ fontFamily: fontStack(option.value) }}>{option.label}</span>;

/** A design written the same way whatever the order of its keys (the form's copy and the server's). */
const canonical = (x: Design) => {
  const p = designSchema.safeParse(x);
  return JSON.stringify(p.success ? p.data : x);
};

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
      {d.logo ? (
        <Box px="lg" py={8} style={{ borderBottom: '1px solid rgba(0,0,0,.08)', display: 'flex', alignItems: 'center', gap: 10 }}>
          <img src={d.logo} alt="" style={{ height: 40, width: 'auto' }} data-testid="sample-logo" />
          <Text component="span" fw={700} style={heading}>
            {name}
          </Text>
        </Box>
      ) : null}
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
  const navigate = useNavigate();
  const designQuery = useDesign(clientId, templateId);
  const { design } = designQuery;
  const publishing = useDesignPublishing(clientId);
  const [d, setD] = useState<Design>(design?.activeDesign ?? defaultDesign);
  const [versions, setVersions] = useState(false);
  // The form follows the saved draft whenever it (re)loads, in the same render: no frame shows the defaults over a saved design.
  const [syncedWith, setSyncedWith] = useState(design);
  if (syncedWith !== design) {
    setSyncedWith(design);
    setD(design?.activeDesign ?? defaultDesign);
  }
  const saved = design?.activeDesign ?? null;
  const dirty = !saved || canonical(saved) !== canonical(d);
  const refresh = () => {
    qc.invalidateQueries({ queryKey: queryKey(pageRoutes.listDesignOptions) });
    qc.invalidateQueries({ queryKey: queryKey(pageRoutes.getDesignPublishing) });
  };
  const save = useMutation({
    mutationFn: (next: Design) =>
      design
        ? api(pageRoutes.updateDesignOptions, { body: { _id: design._id, clientId, activeDesign: next } })
        : api(pageRoutes.createDesignOptions, { body: { clientId, templateId, activeDesign: next } }),
    onSuccess: () => {
      notify.success(messages.pages.designDraftSaved);
      refresh();
    },
    onError: (e) => notify.error(pageError(e, 'The design could not be saved')),
  });
  const publish = useMutation({
    mutationFn: async () => {
      if (dirty) await save.mutateAsync(d);
      return api(pageRoutes.publishDesign, { body: { clientId } });
    },
    onSuccess: (r) => {
      publishedNotice(r.message, r.url);
      refresh();
    },
    onError: (e) => notify.error(designError(e, 'The design could not be published')),
  });
  /** Previews read the saved draft: save first when the form holds changes. */
  const preview = async (display: 'desktop' | 'mobile') => {
    if (dirty) await save.mutateAsync(d);
    navigate(`/harvest/editor/preview/${display}/Home`);
  };
  const state = publishing.data;
  const color = (k: keyof Design['colors'], label: string) => (
    <ColorInput label={label} value={d.colors[k]} onChange={(v) => setD({ ...d, colors: { ...d.colors, [k]: v } })} format="hex" />
  );
  if (designQuery.isLoading) return <LoadingRows rows={4} />;
  if (designQuery.error) return <ErrorState error={designQuery.error} onRetry={() => designQuery.refetch()} />;
  return (
    <Stack>
      {/* Every font's @font-face, served by our own host (same URLs as the career site); a browser fetches a face only when text uses it. */}
      <style>{fontFacesCss(siteFonts)}</style>
      <Group gap="sm" data-testid="design-state">
        {state?.liveVersion ? <Badge color="teal">Live · version {state.liveVersion}</Badge> : <Badge color="gray">Not published yet</Badge>}
        {dirty ? (
          <Badge color="orange" variant="light">
            Unsaved changes
          </Badge>
        ) : state?.draftDiffers ? (
          <Badge color="blue" variant="light">
            Draft not published
          </Badge>
        ) : null}
        <Text size="sm" c="gray.7">
          {state?.draftDiffers || dirty
            ? 'Visitors see the published design until you publish this one. Preview it with your pages first.'
            : 'Visitors see this design.'}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {color('primary', 'Buttons')}
        {color('secondary', 'Headings and hero')}
        {color('text', 'Text')}
        {color('background', 'Background')}
        {color('surface', 'Alternate sections')}
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
      <LogoField
        clientId={clientId}
        value={d.logo}
        onChange={(logo) => setD({ ...d, logo })}
        onUploaded={(logo) => {
          // An uploaded logo goes into the draft at once (its file is stored already).
          const next = { ...d, logo };
          setD(next);
          save.mutate(next);
        }}
      />
      <FontSample d={d} name={clientName} />
      <Group gap="sm">
        <Button onClick={() => save.mutate(d)} loading={save.isPending} variant={dirty ? 'filled' : 'default'}>
          Save draft
        </Button>
        <Button variant="default" onClick={() => void preview('desktop')}>
          Preview on desktop
        </Button>
        <Button variant="default" onClick={() => void preview('mobile')}>
          Preview on mobile
        </Button>
        <Button color="teal" onClick={() => publish.mutate()} loading={publish.isPending} disabled={!dirty && !state?.draftDiffers && !!state?.liveVersion}>
          Publish design
        </Button>
        <Button variant="subtle" onClick={() => setVersions(true)}>
          Design versions
        </Button>
      </Group>
      {versions ? <DesignHistory clientId={clientId} onClose={() => setVersions(false)} /> : null}
    </Stack>
  );
}

/** A design refusal names its problem under `logo` (a logo that would not show) or `pageTemplates`. */
const designError = (e: unknown, fallback: string) => (e instanceof ApiError ? (e.first('logo') ?? pageError(e, fallback)) : fallback);

/** The design's published versions, newest first, each but the live one restorable. */
function DesignHistory({ clientId, onClose }: { clientId: string; onClose: () => void }) {
  const qc = useQueryClient();
  const q = useDesignPublishing(clientId);
  const restore = useMutation({
    mutationFn: (version: number) => api(pageRoutes.restoreDesign, { body: { clientId, version } }),
    onSuccess: (r) => {
      publishedNotice(r.message, r.url);
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.getDesignPublishing) });
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.listDesignOptions) });
    },
    onError: (e) => notify.error(designError(e, 'The version could not be restored')),
  });
  const versions = q.data?.versions ?? [];
  return (
    <Modal opened onClose={onClose} title="Design versions" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {q.isLoading ? <LoadingRows rows={3} /> : null}
      {q.data && versions.length === 0 ? <Text>No version yet: publish the design first.</Text> : null}
      <Table>
        <Table.Tbody>
          {versions.map((v) => (
            <Table.Tr key={v._id} data-testid="design-version-row">
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <span aria-hidden style={{ width: 14, height: 14, borderRadius: 3, background: v.design.colors.primary, display: 'inline-block' }} />
                  <span aria-hidden style={{ width: 14, height: 14, borderRadius: 3, background: v.design.colors.secondary, display: 'inline-block' }} />
                  <Text size="sm">Version {v.version}</Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {v.action === 'restore' ? `Restored version ${v.restoredFrom}` : 'Published'} {v.live ? <Badge color="teal">Live</Badge> : null}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{fmt(v.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                {!v.live ? (
                  <Button size="xs" variant="light" loading={restore.isPending && restore.variables === v.version} onClick={() => restore.mutate(v.version)}>
                    Restore version {v.version}
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
