/**
 * Multipart uploads (DESIGN §4b: the member's avatar, CV, student file, portfolio pictures; the company's logo).
 * XMLHttpRequest, not fetch: only it reports upload progress. Same headers as providers/http.ts; an
 * expired token is refreshed once by the shared client (or the member signed out) before one more try.
 */
import { DEVICE_TYPE } from '../../shared/constants';
import { request, type Prefix } from './http';
import { currentLocale } from './i18n';
import { readSession } from './session';

export interface UploadAnswer {
  status: number;
  body: { message?: string; errors?: Array<{ message: string }> } & Record<string, unknown>;
}

function once(
  prefix: Prefix,
  path: string,
  field: string,
  files: File[],
  onProgress: (percent: number) => void,
  fields: Record<string, string> = {},
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/${prefix}/${path}`);
    xhr.setRequestHeader('apiKey', document.querySelector<HTMLMetaElement>('meta[name="api-key"]')?.content ?? '');
    xhr.setRequestHeader('language', currentLocale());
    xhr.setRequestHeader('Accept', 'application/json');
    const session = readSession();
    if (session) {
      xhr.setRequestHeader('token', session.token);
      xhr.setRequestHeader('deviceId', session.deviceId);
      xhr.setRequestHeader('type', String(DEVICE_TYPE));
    }
    xhr.upload.onprogress = (event) =>
      event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onload = () => {
      let body = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* a proxy's HTML error page: the status says enough */
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network'));
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) form.append(field, file, file.name);
    xhr.send(form);
  });
}

/** POST `/{prefix}/{path}` with `files` under `field` (and text `fields` before them); the answer's status and JSON body, whatever the status. */
export async function uploadFiles(
  path: string,
  field: string,
  files: File[],
  onProgress: (percent: number) => void,
  prefix: Prefix = 'usr',
  fields: Record<string, string> = {},
): Promise<UploadAnswer> {
  let answer = await once(prefix, path, field, files, onProgress, fields);
  if (answer.status === 401) {
    await request(prefix, prefix === 'com' ? 'companies/me' : prefix === 'adm' ? 'me' : 'users/me'); // the shared client refreshes the token
    answer = await once(prefix, path, field, files, onProgress, fields);
  }
  return answer;
}
