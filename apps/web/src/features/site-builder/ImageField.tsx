import { FieldLabel } from '@puckeditor/core';
import { ImagePicker, type ImagePickerProps } from '../../components/ImagePicker.tsx';

/** An image field of the page editor (decision 0030): the portal's picture picker under Puck's field label. */
export function ImageField(props: ImagePickerProps) {
  return (
    <FieldLabel label={props.label} el="div" readOnly={props.readOnly}>
      <ImagePicker {...props} />
    </FieldLabel>
  );
}
