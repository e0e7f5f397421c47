import { LOGO_RULES, pageRoutes } from '@hh/contract/site-builder';
import { Alert, Anchor, Box, Button, Collapse, Group, Modal, Paper, Slider, Stack, Text, TextInput } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MediaChoiceButtons } from '../../components/MediaChoice.tsx';
import { ApiError, api } from '../../lib/api.ts';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml';
const MAX_MB = LOGO_RULES.maxBytes / (1024 * 1024);
const RULES = `${LOGO_RULES.types}, up to ${MAX_MB} MB, at least ${LOGO_RULES.minEdge} × ${LOGO_RULES.minEdge} pixels. An SVG is cleaned and turned into a PNG.`;

interface Crop {
  zoom: number;
  /** Where the crop sits, 0–100 % of the room left on each axis. */
  x: number;
  y: number;
}

/** The crop as fractions of the picture, as the server takes it. */
export const cropFractions = (c: Crop) => {
  const size = 1 / c.zoom;
  return { cropX: (1 - size) * (c.x / 100), cropY: (1 - size) * (c.y / 100), cropWidth: size, cropHeight: size };
};

/**
 * The design's logo (docs/site-builder.md "The logo"): upload a PNG, JPEG, WebP or SVG, crop it
 * (zoom and position, seen at once as the site's header will show it), and the server checks and
 * crops it; the address box stays as an advanced option. The stored logo joins the draft design.
 */
export function LogoField({
  clientId,
  value,
  onChange,
  onUploaded,
}: {
  clientId: string;
  value: string | undefined;
  onChange: (url: string | undefined) => void;
  /** A logo uploaded and cropped (stored already). */
  onUploaded: (url: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [advanced, setAdvanced] = useState(false);
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text fw={600} size="sm" id="logo-label">
          Logo
        </Text>
        <Group gap="md" align="center">
          <Box
            w={200}
            h={64}
            style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 8, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          >
            {value ? (
              <img src={value} alt="The current logo" style={{ maxHeight: 40, maxWidth: 180 }} data-testid="logo-preview" />
            ) : (
              <Text size="sm" c="gray.7">
                No logo: the site shows its name
              </Text>
            )}
          </Box>
          <MediaChoiceButtons
            accept={ACCEPT}
            icon={<IconPhotoUp size={14} aria-hidden />}
            uploadLabel="Upload a logo"
            replaceLabel="Replace the logo"
            hasValue={!!value}
            onFile={(f) => setFile(f)}
            onRemove={() => onChange(undefined)}
          />
        </Group>
        <Text size="xs" c="gray.7">
          {RULES}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => setAdvanced((a) => !a)} aria-expanded={advanced} style={{ alignSelf: 'flex-start' }}>
          {advanced ? 'Hide the logo address' : 'Advanced: use an address instead'}
        </Anchor>
        <Collapse expanded={advanced}>
          <TextInput
            label="Logo address"
            description="A picture on another site. It is checked before the design is published."
            value={value ?? ''}
            onChange={(e) => onChange(e.currentTarget.value || undefined)}
            placeholder="https://…"
          />
        </Collapse>
      </Stack>
      {file ? (
        <CropDialog
          file={file}
          clientId={clientId}
          onClose={() => setFile(null)}
          onDone={(url) => {
            setFile(null);
            onUploaded(url);
          }}
        />
      ) : null}
    </Paper>
  );
}

/** Zoom and position over the picture, the cropped logo shown as the header will show it; the server makes the crop. */
function CropDialog({ file, clientId, onClose, onDone }: { file: File; clientId: string; onClose: () => void; onDone: (url: string) => void }) {
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 50, y: 50 });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const img = useRef<HTMLImageElement | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const f = cropFractions(crop);
  // The preview: the crop drawn 40 px high, as in the site's header.
  useEffect(() => {
    const c = canvas.current;
    const i = img.current;
    if (!c || !i || !natural) return;
    const sw = natural.w * f.cropWidth;
    const sh = natural.h * f.cropHeight;
    const h = 80;
    const w = Math.max(1, Math.round((sw / sh) * h));
    c.width = w;
    c.height = h;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, w, h);
    ctx.drawImage(i, natural.w * f.cropX, natural.h * f.cropY, sw, sh, 0, 0, w, h);
  }, [natural, f.cropX, f.cropY, f.cropWidth, f.cropHeight]);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.set('clientId', clientId);
      for (const [k, v] of Object.entries(f)) form.set(k, String(v));
      form.set('image', file, file.name);
      const r = await api(pageRoutes.uploadLogo, { body: form });
      onDone(r.url);
    } catch (err) {
      setError(err instanceof ApiError ? (err.first('logo') ?? err.message) : 'The logo could not be uploaded. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const tooBig = file.size > LOGO_RULES.maxBytes;
  return (
    <Modal opened onClose={onClose} title="Crop the logo" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {tooBig ? (
          <Alert color="red" role="alert">
            This file is {(file.size / (1024 * 1024)).toFixed(1)} MB; a logo may be at most {MAX_MB} MB.
          </Alert>
        ) : null}
        {src ? (
          <Box style={{ position: 'relative', display: 'inline-block', alignSelf: 'center', overflow: 'hidden', lineHeight: 0, maxWidth: '100%' }}>
            <img
              ref={img}
              src={src}
              alt="The chosen file, to crop"
              style={{ maxWidth: '100%', maxHeight: 260, display: 'block', background: 'repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0/16px 16px' }}
              onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth || 300, h: e.currentTarget.naturalHeight || 150 })}
              onError={() => setError('This file cannot be shown as a picture. Choose a PNG, JPEG, WebP or SVG file.')}
            />
            <Box
              aria-hidden
              data-testid="crop-frame"
              style={{
                position: 'absolute',
                left: `${f.cropX * 100}%`,
                top: `${f.cropY * 100}%`,
                width: `${f.cropWidth * 100}%`,
                height: `${f.cropHeight * 100}%`,
                outline: '2px solid #fff',
                boxShadow: '0 0 0 9999px rgba(0,0,0,.45)',
              }}
            />
          </Box>
        ) : null}
        <Stack gap={4}>
          <Text size="sm" fw={600} id="zoom-label">
            Zoom
          </Text>
          <Slider
            thumbLabel="Zoom"
            min={1}
            max={4}
            step={0.05}
            value={crop.zoom}
            onChange={(zoom) => setCrop({ ...crop, zoom })}
            label={(v) => `${v.toFixed(2)}×`}
          />
          <Text size="sm" fw={600}>
            Left to right
          </Text>
          <Slider thumbLabel="Left to right" min={0} max={100} value={crop.x} onChange={(x) => setCrop({ ...crop, x })} disabled={crop.zoom === 1} />
          <Text size="sm" fw={600}>
            Top to bottom
          </Text>
          <Slider thumbLabel="Top to bottom" min={0} max={100} value={crop.y} onChange={(y) => setCrop({ ...crop, y })} disabled={crop.zoom === 1} />
        </Stack>
        <Group gap="sm" align="center">
          <Text size="sm">In the site's header:</Text>
          <Box p={8} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6, lineHeight: 0 }}>
            <canvas ref={canvas} style={{ height: 40, width: 'auto' }} data-testid="crop-preview" aria-label="The cropped logo" role="img" />
          </Box>
        </Group>
        {error ? (
          <Alert color="red" role="alert" data-testid="logo-error">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void send()} loading={busy} disabled={tooBig}>
            Use this logo
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
