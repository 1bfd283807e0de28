import { describe, expect, it } from 'vitest';
import { collectionsEndpoints } from '../../core/contracts/collections';
import { pointsEndpoints } from '../../core/contracts/points';
import { ApiError, type ApiFetch, type ApiFetchOptions } from './api-client';
import { notificationsEndpoints } from '../../core/contracts/notifications';
import { callEndpoint } from './endpoint-client';

function answering(answer: unknown) {
  const calls: Array<{ path: string; options: ApiFetchOptions | undefined }> = [];
  const fetcher: ApiFetch = async <T,>(path: string, options?: ApiFetchOptions) => {
    calls.push({ path, options });
    return answer as T;
  };
  return { calls, fetcher };
}

describe('callEndpoint', () => {
  it("builds the address, sends the body or query, and returns the envelope's checked data", async () => {
    const { calls, fetcher } = answering({ code: 0, msg: 'success', data: { match_id: 9, is_collect: true } });
    const data = await callEndpoint(collectionsEndpoints.addMatch, { params: { sport: 'basketball' }, body: { match_id: 9 } }, fetcher);
    expect(data).toEqual({ match_id: 9, is_collect: true });
    expect(calls).toEqual([{ path: '/api/basketball/collectAdd', options: { method: 'POST', body: { match_id: 9 }, query: undefined, signal: undefined } }]);
  });

  it('sends an empty JSON object for a POST without a body, and no body for a GET', async () => {
    const checkin = answering({ code: 0, msg: 'success', data: { points: 10, streak: 1, balance: 110, checkedInToday: true } });
    await callEndpoint(pointsEndpoints.checkin, {}, checkin.fetcher).catch(() => undefined);
    expect(checkin.calls[0]?.options?.body).toEqual({});
    const list = answering({ code: 0, msg: 'success', data: { matches: [], competitions: [] } });
    expect(await callEndpoint(collectionsEndpoints.list, {}, list.fetcher)).toEqual({ matches: [], competitions: [], teams: [] });
    expect(list.calls[0]?.options?.body).toBeUndefined();
  });

  it('sends the body of a PUT (the notification switches)', async () => {
    const put = answering({ code: 0, msg: 'success', data: { plan_sold: false } });
    expect(await callEndpoint(notificationsEndpoints.updateSwitches, { body: { plan_sold: false } }, put.fetcher)).toEqual({ plan_sold: false });
    expect(put.calls[0]?.options).toMatchObject({ method: 'PUT', body: { plan_sold: false } });
  });

  it('rejects an answer that does not match the contract, instead of handing the page half a shape', async () => {
    const { fetcher } = answering({ code: 0, msg: 'success', data: { match_id: 'nine' } });
    const failure = await callEndpoint(collectionsEndpoints.removeMatch, { params: { sport: 'football' }, body: { match_id: 9 } }, fetcher).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toMatch(/does not match its contract/);
    expect((failure as ApiError).request).toEqual({ method: 'POST', url: '/api/football/collectDel' });
  });
});
