import { Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { MediaAddressInput, MediaChoiceButtons } from './MediaChoice.tsx';
import { ApiError } from '../lib/api.ts';
import { uploadImage } from '../lib/upload.ts';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * A picture chosen by upload (POST api/image/upload, stored for this client and re-encoded by the
 * server) or pasted as an address: the page editor's image fields and the motivator form.
 * Shows the picture it holds; a failed upload says why and keeps the earlier picture.
 */
export interface ImagePickerProps {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (v: string) => void;
  clientId: string;
  readOnly?: boolean;
}

export function ImagePicker(props: ImagePickerProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const value = props.value ?? '';

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_BYTES) {
      setError(`${file.name} is larger than 5 MB. Choose a smaller picture.`);
      return;
    }
    setBusy(true);
    try {
      props.onChange(await uploadImage({ file, imageType: 'page', folder: 'pages', clientId: props.clientId }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The picture could not be uploaded. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={6} data-testid={`image-field-${props.id}`}>
      {value ? <Image src={value} alt="" h={96} w="100%" fit="cover" radius="sm" data-testid="image-field-preview" /> : null}
      <MediaChoiceButtons
        accept={ACCEPT}
        icon={<IconPhotoUp size={14} aria-hidden />}
        uploadLabel="Upload a picture"
        replaceLabel="Replace picture"
        hasValue={!!value}
        busy={busy}
        readOnly={props.readOnly}
        onFile={(f) => void upload(f)}
        onRemove={() => props.onChange('')}
      />
      <MediaAddressInput label={props.label} value={value} onChange={props.onChange} readOnly={props.readOnly} />
      {error ? (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
