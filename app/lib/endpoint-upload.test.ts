import { describe, expect, it } from 'vitest';
import type { ApiFetchOptions } from './api-client';
import { endpointUploads } from './endpoint-upload';

const stored = { kind: 'image', keys: ['public/a/w1280.webp', 'public/a/w320.webp'], preview_key: 'public/a/w320.webp', width: 1280, height: 720, duration_sec: null };

describe('endpointUploads', () => {
  it('posts the form as it is to the contract’s path and answers the checked data', async () => {
    const calls: { path: string; options: ApiFetchOptions | undefined }[] = [];
    const upload = endpointUploads(
      async () => (await import('../../core/contracts/community')).communityEndpoints,
      async <T,>(path: string, options?: ApiFetchOptions) => {
        calls.push({ path, options });
        return { code: 0, msg: 'ok', data: stored } as T;
      },
    );
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'x.png');
    expect(await upload('upload', { form })).toEqual(stored);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/api/community/uploads');
    expect(calls[0]?.options?.method).toBe('POST');
    expect(calls[0]?.options?.body).toBe(form);
  });

  it('refuses an endpoint with a JSON body and an answer outside the contract', async () => {
    const upload = endpointUploads(
      async () => (await import('../../core/contracts/community')).communityEndpoints,
      async <T,>() => ({ code: 0, msg: 'ok', data: { kind: 'image' } }) as T,
    );
    await expect(upload('createPost', { form: new FormData() })).rejects.toThrow(TypeError);
    await expect(upload('upload', { form: new FormData() })).rejects.toThrow(/does not match its contract/);
  });
});
