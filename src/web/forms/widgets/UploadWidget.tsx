/**
 * rjsf adapter for UploadField (`"ui:widget": "upload"`, STACK: rjsf has no antd file widget):
 * `"ui:options": { "kind": "avatar" | "cv" | "student" | "logo" }`. The file is sent at once to its own route
 * (uploads never travel inside the form's JSON body); the field's value becomes the answer's link
 * (photo URL, or signed link for a document), so the form shows the new state without a reload.
 * Register it with the form: `widgets={{ upload: UploadWidget }}`.
 */
import type { WidgetProps } from '@rjsf/utils';
import { UploadField, UPLOAD_TARGETS, type UploadTarget } from './UploadField';

/** Which key of a route's answer holds the new link. */
const ANSWER_KEY: Record<UploadTarget, string> = {
  avatar: 'photo',
  cv: 'cv',
  student: 'student_file',
  logo: 'logo',
  picture: 'image',
  cover: 'image',
  offerFile: 'file',
  portfolioFile: 'file',
};

export function UploadWidget({ value, onChange, options, disabled, readonly }: WidgetProps) {
  const kind = (options['kind'] as UploadTarget | undefined) ?? 'avatar';
  if (!(kind in UPLOAD_TARGETS))
    throw new Error(`ui:options.kind must be one of ${Object.keys(UPLOAD_TARGETS).join(', ')}`);
  return (
    <UploadField
      kind={kind}
      value={typeof value === 'string' && value ? value : null}
      fileName={typeof options['fileName'] === 'string' ? options['fileName'] : undefined}
      disabled={disabled || readonly}
      onChange={(answer) => onChange((answer[ANSWER_KEY[kind]] as string | null) ?? undefined)}
    />
  );
}
