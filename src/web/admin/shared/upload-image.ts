import {
  UPLOAD_FAILED_MESSAGE,
  UPLOAD_FIELD,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  type UploadedImage,
} from '#shared/contracts/uploads.ts';
import { API_BASE, ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { getAccessToken, refreshSession } from '../auth/admin-api.ts';

/** Says why `file` was not uploaded: the server's answer, or "Please try again." when there was none. */
export function toastUploadFailed(file: File, failure: unknown): void {
  const why = failure instanceof ApiError ? failure.message : 'Please try again.';
  toast({ variant: 'error', title: UPLOAD_FAILED_MESSAGE, description: `${file.name}: ${why}` });
}

/** Whether `file` is small enough to send; says so when it is not, without a request the server would refuse. */
export function fitsUploadLimit(file: File): boolean {
  if (file.size <= UPLOAD_MAX_BYTES) return true;
  toast({ variant: 'error', title: UPLOAD_FAILED_MESSAGE, description: `${file.name}: ${UPLOAD_MESSAGES.tooLarge}` });
  return false;
}

/**
 * Uploads one image to `POST /upload/images` with progress. XMLHttpRequest rather than fetch:
 * fetch cannot report upload progress. Same token rules as the other admin calls: a fresh token
 * first, and one retry after a refresh on 401 TOKEN_EXPIRED.
 */
export async function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  const token = await getAccessToken();
  try {
    return await send(file, token, onProgress, signal);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'TOKEN_EXPIRED') throw error;
  }
  const refreshed = await refreshSession();
  return send(file, refreshed.token, onProgress, signal);
}

function send(
  file: File,
  token: string | null,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}/upload/images`);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError('Network error', 0, 'NETWORK_ERROR'));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      const record = (body ?? {}) as { data?: UploadedImage | UploadedImage[]; message?: string; code?: string };
      if (request.status >= 200 && request.status < 300 && record.data) {
        onProgress(1);
        resolve(Array.isArray(record.data) ? (record.data[0] as UploadedImage) : record.data);
        return;
      }
      reject(new ApiError(record.message || UPLOAD_FAILED_MESSAGE, request.status, record.code));
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, file.name);
    request.send(form);
  });
}
