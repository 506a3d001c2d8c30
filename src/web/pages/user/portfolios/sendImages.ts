/**
 * POST /usr/portfolios/{hash}/images with several files in one multipart request (field `images[]`).
 * XMLHttpRequest, not fetch: only it reports upload progress. Same headers as providers/http.ts; an
 * expired token is refreshed once by the shared client before one more try.
 */
import { DEVICE_TYPE } from '../../../../shared/constants';
import { UPLOAD_KINDS } from '../../../../shared/uploads';
import { request } from '../../../providers/http';
import { currentLocale } from '../../../providers/i18n';
import { readSession } from '../../../providers/session';

export interface SendAnswer {
  status: number;
  body: { message?: string; errors?: Array<{ message: string }> } & Record<string, unknown>;
}

function once(hash: string, files: File[], onProgress: (percent: number) => void): Promise<SendAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/usr/portfolios/${encodeURIComponent(hash)}/images`);
    xhr.setRequestHeader('apiKey', document.querySelector<HTMLMetaElement>('meta[name="api-key"]')?.content ?? '');
    xhr.setRequestHeader('language', currentLocale());
    xhr.setRequestHeader('Accept', 'application/json');
    const session = readSession();
    if (session) {
      xhr.setRequestHeader('token', session.token);
      xhr.setRequestHeader('deviceId', session.deviceId);
      xhr.setRequestHeader('type', String(DEVICE_TYPE));
    }
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
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
    for (const file of files) form.append(UPLOAD_KINDS.portfolioImage.field, file, file.name);
    xhr.send(form);
  });
}

export async function sendImages(hash: string, files: File[], onProgress: (percent: number) => void): Promise<SendAnswer> {
  let answer = await once(hash, files, onProgress);
  if (answer.status === 401) {
    await request('usr', 'users/me');
    answer = await once(hash, files, onProgress);
  }
  return answer;
}
