import { departmentRoutes } from '@hh/contract/departments';
import { messages } from '@hh/contract/messages';
import { waveRoutes } from '@hh/contract/wave';
import type { SiteFont } from '@hh/contract/site-builder';
import { fontFacesCss, fontLabel, fontStack, widgetFont } from '@hh/contract/site-css';
import { type PublicProfile, type Widget, widgetFonts, widgetRoutes } from '@hh/contract/widgets';
import { Button, ColorInput, CopyButton, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { renderWidget, wire } from '@hh/html/widget-embed';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

/** The widget's colour fields, named as a person would (no code names in front of recruiters). */
const COLOUR_LABELS: Record<string, string> = {
  background: 'Background',
  inlay: 'Card background',
  widgetTitle: 'Widget title colour',
  header: 'Header text',
  bodyText: 'Body text',
  buttonBackground: 'Button background',
  buttonText: 'Button text',
};

const isWidgetFont = (f: string): f is SiteFont => (widgetFonts as readonly string[]).includes(f);
/**
 * The widget's default (§3) first, then the fonts by name, each named as the career-site design names it
 * ("Montserrat (close to Gotham)", "Gotham (drawn with Montserrat, the closest free face)") and drawn in its face.
 * A widget saved before the list with another name keeps it as an option, said to be drawn with the system font.
 */
const fontOptions = (current: string) => [
  ...(isWidgetFont(current) ? [] : [{ value: current, label: `${current} (not available: drawn with the system font)` }]),
  ...[...widgetFonts]
    .sort((a, b) => (a === 'Source Sans Pro' ? -1 : b === 'Source Sans Pro' ? 1 : a.localeCompare(b)))
    .map((f) => ({ value: f, label: fontLabel(f) })),
];
const fontInFace = ({ option }: { option: { value: string; label: string } }) => <span style={{ fontFamily: fontStack(option.value) }}>{option.label}</span>;
type Settings = Omit<Widget, '_id' | 'clientId' | 'createdBy' | 'createdAt' | 'updatedAt' | 'embedCode'>;
const settingsOf = (w: Widget): Settings => ({
  name: w.name,
  thumbnailType: w.thumbnailType,
  embeddingPermissions: w.embeddingPermissions,
  videoControls: w.videoControls,
  style: w.style,
  viewMoreButtonText: w.viewMoreButtonText,
  font: w.font,
  widgetTitleText: w.widgetTitleText,
  orientation: w.orientation,
  departments: w.departments,
});

/** The live preview: the embed's own renderer, in a Shadow DOM, from the unsaved settings. */
function LivePreview({ settings, profiles, meetTheTeamUrl }: { settings: Settings; profiles: PublicProfile[]; meetTheTeamUrl: string }) {
  const host = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const root = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    // The font as the embed draws it: a licensed name's free stand-in (its @font-face is the editor's, in the
    // document: a Shadow DOM ignores @font-face).
    const font = widgetFont(settings.font);
    const deps = settings.departments.map((d) => d.toLowerCase());
    const shown = deps.length
      ? profiles.filter((p) => deps.includes((p.departmentId ?? '').toLowerCase()) || deps.includes(p.department.toLowerCase()))
      : profiles;
    root.innerHTML =
      renderWidget({ widget: { ...settings, font: font.family }, profiles: shown, meetTheTeamUrl }) ||
      '<p style="font-family:sans-serif">No approved profiles with videos to show yet.</p>';
    wire(root);
  }, [settings, profiles, meetTheTeamUrl]);
  // Scrolls sideways with many profiles: focusable so the keyboard can scroll it (axe scrollable-region-focusable).
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region must be reachable by keyboard
  return <section ref={host} data-testid="widget-live-preview" aria-label="Widget preview" tabIndex={0} />;
}

function WidgetEditor({ widget, clientId }: { widget: Widget; clientId: string }) {
  const qc = useQueryClient();
  const [s, setS] = useState<Settings>(() => settingsOf(widget));
  const [to, setTo] = useState('');
  const preview = useApiQuery(widgetRoutes.preview, { query: { widgetId: widget._id } });
  const departments = useApiQuery(departmentRoutes.byClientId, { query: { clientId } }, { retry: false });
  const set = <K extends keyof Settings>(k: K, v: Settings[K]) => setS((prev) => ({ ...prev, [k]: v }));
  const colour = (name: string) => s.style.find((x) => x.name === name)?.color ?? '#000000';
  const setColour = (name: string, color: string) =>
    set(
      'style',
      s.style.some((x) => x.name === name) ? s.style.map((x) => (x.name === name ? { ...x, color } : x)) : [...s.style, { name, color, showCanvas: true }],
    );
  const save = useMutation({
    // A font name from before the list is left as stored (the contract accepts only the list's names).
    mutationFn: () => api(widgetRoutes.update, { body: { _id: widget._id, ...s, font: isWidgetFont(s.font) ? s.font : undefined } }),
    onSuccess: () => {
      notify.success(messages.widgets.updateSuccess);
      qc.invalidateQueries({ queryKey: queryKey(widgetRoutes.list) });
      qc.invalidateQueries({ queryKey: queryKey(widgetRoutes.preview) });
    },
    onError: (err) =>
      notify.error(err instanceof ApiError && err.status === 400 ? `${messages.widgets.updateError} (${err.message})` : messages.widgets.updateError),
  });
  const email = useMutation({
    mutationFn: () => api(waveRoutes.dispatchEmbedCode, { body: { clientId, widgetId: widget._id, email: to } }),
    onSuccess: () => {
      notify.success(messages.wave.embedSuccess);
      setTo('');
    },
    onError: () => notify.error(messages.wave.embedError),
  });
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {/* Every font's @font-face, from our own host (the career sites' files); a browser fetches a face only when text uses it. */}
      <style>{fontFacesCss(widgetFonts)}</style>
      <Stack>
        <Section title="Content">
          <Stack>
            <TextInput label="Widget title" value={s.widgetTitleText} onChange={(e) => set('widgetTitleText', e.currentTarget.value)} />
            <TextInput label="View more button text" value={s.viewMoreButtonText} onChange={(e) => set('viewMoreButtonText', e.currentTarget.value)} />
            <Select
              label="Font"
              description="Licensed fonts are drawn with the closest free face we serve."
              data={fontOptions(widget.font)}
              renderOption={fontInFace}
              value={s.font}
              onChange={(v) => v && set('font', v)}
              allowDeselect={false}
            />
            <Group grow>
              <Select
                label="Orientation"
                data={['horizontal', 'vertical']}
                value={s.orientation}
                onChange={(v) => v && set('orientation', v as Settings['orientation'])}
                allowDeselect={false}
              />
              <Select
                label="Thumbnail"
                data={[
                  { value: 'video_still', label: 'Video still' },
                  { value: 'video_preview', label: 'Video preview' },
                ]}
                value={s.thumbnailType}
                onChange={(v) => v && set('thumbnailType', v as Settings['thumbnailType'])}
                allowDeselect={false}
              />
            </Group>
            <MultiSelect
              label="Departments"
              description="Empty shows every department."
              data={(departments.data?.results ?? []).map((d) => ({ value: d._id, label: d.name }))}
              value={s.departments}
              onChange={(v) => set('departments', v)}
              clearable
            />
          </Stack>
        </Section>
        <Section title="Colours">
          <SimpleGrid cols={2}>
            {Object.entries(COLOUR_LABELS).map(([n, label]) => (
              <ColorInput key={n} label={label} value={colour(n)} onChange={(v) => setColour(n, v)} format="hex" />
            ))}
          </SimpleGrid>
        </Section>
        <Section title="Video controls">
          <Stack gap="xs">
            {(['playbarSwitch', 'volumeSwitch', 'fullscreenSwitch', 'shareSwitch'] as const).map((k) => (
              <Switch
                key={k}
                label={{ playbarSwitch: 'Play bar', volumeSwitch: 'Sound', fullscreenSwitch: 'Full screen', shareSwitch: 'Share link' }[k]}
                checked={s.videoControls[k]}
                onChange={(e) => set('videoControls', { ...s.videoControls, [k]: e.currentTarget.checked })}
              />
            ))}
          </Stack>
        </Section>
        <Section title="Where it may appear">
          <TagsInput
            label="Allowed domains"
            description="Pages on these domains may show the widget, e.g. www.example.com or *.example.com."
            value={s.embeddingPermissions}
            onChange={(v) => set('embeddingPermissions', v)}
          />
        </Section>
        <Group justify="flex-end">
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            Save widget
          </Button>
        </Group>
      </Stack>
      <Stack>
        <Section title="Live preview">
          {preview.data ? <LivePreview settings={s} profiles={preview.data.profiles} meetTheTeamUrl={preview.data.meetTheTeamUrl} /> : <LoadingRows rows={3} />}
        </Section>
        <Section title="Embed code">
          <Stack>
            <Textarea label="Script tag" value={widget.embedCode.script} readOnly autosize />
            <CopyButton value={widget.embedCode.script}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy script tag'}
                </Button>
              )}
            </CopyButton>
            <Textarea label="Or an iframe" value={widget.embedCode.iframe} readOnly autosize />
            <CopyButton value={widget.embedCode.iframe}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy iframe'}
                </Button>
              )}
            </CopyButton>
            <Group align="flex-end">
              <TextInput label="Email the embed code to" type="email" value={to} onChange={(e) => setTo(e.currentTarget.value)} style={{ flex: 1 }} />
              <Button onClick={() => email.mutate()} loading={email.isPending} disabled={!to.trim()}>
                Send
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              <a href={`/widget-preview?widgetId=${widget._id}`} target="_blank" rel="noopener">
                Open the saved widget in the preview page
              </a>
            </Text>
          </Stack>
        </Section>
      </Stack>
    </SimpleGrid>
  );
}

/** `/wave/widget-setup`: create and edit widgets with a live preview, copy or email the embed code. */
export default function WidgetSetup() {
  const { clientId } = useSelectedClient();
  const qc = useQueryClient();
  const list = useApiQuery(widgetRoutes.list, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
  const [selected, setSelected] = useState<string | null>(null);
  const widget = list.data?.results.find((w) => w._id === selected) ?? list.data?.results[0] ?? null;
  const create = useMutation({
    mutationFn: () => api(widgetRoutes.create, { body: { clientId: clientId ?? '' } }),
    onSuccess: (r) => {
      notify.success(messages.widgets.saveSuccess);
      setSelected(r.data._id);
      qc.invalidateQueries({ queryKey: queryKey(widgetRoutes.list) });
    },
    onError: () => notify.error(messages.widgets.saveError),
  });
  return (
    <>
      <PageHeader
        title="Widget setup"
        description="Embed your approved team videos on any website."
        actions={
          <Button onClick={() => create.mutate()} loading={create.isPending} disabled={!clientId}>
            New widget
          </Button>
        }
      />
      {list.isLoading ? (
        <LoadingRows />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : !widget || !clientId ? (
        <EmptyState title="No widgets yet">Create a widget to get its embed code.</EmptyState>
      ) : (
        <Stack>
          {list.data && list.data.results.length > 1 ? (
            <Select
              label="Widget"
              data={list.data.results.map((w) => ({ value: w._id, label: w.name || `Widget ${w._id.slice(0, 8)}` }))}
              value={widget._id}
              onChange={setSelected}
              allowDeselect={false}
              maw={320}
            />
          ) : null}
          <WidgetEditor key={`${widget._id}-${widget.updatedAt}`} widget={widget} clientId={clientId} />
        </Stack>
      )}
    </>
  );
}
