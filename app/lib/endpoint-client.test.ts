import { describe, expect, it } from 'vitest';
import { collectionsEndpoints } from '../../core/contracts/collections';
import { matchCentreEndpoints } from '../../core/contracts/match-centre';
import { pointsEndpoints } from '../../core/contracts/points';
import { ApiError, type ApiFetch, type ApiFetchOptions } from './api-client';
import { notificationsEndpoints } from '../../core/contracts/notifications';
import { endpointCalls } from './endpoint-calls';
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

  it("checks the envelope's code: football's live-score paths answer 1, the others 0", async () => {
    const lineups = { home: null, away: null };
    const football = answering({ code: 1, msg: 'success', data: lineups });
    expect(await callEndpoint(matchCentreEndpoints.footballLineups, { params: { id: 7 } }, football.fetcher)).toEqual(lineups);
    expect(football.calls[0]?.path).toBe('/api/match/football/7/lineups');
    const wrongCode = answering({ code: 0, msg: 'success', data: lineups });
    await expect(callEndpoint(matchCentreEndpoints.footballLineups, { params: { id: 7 } }, wrongCode.fetcher)).rejects.toBeInstanceOf(ApiError);
    const basketball = answering({ code: 0, msg: 'success', data: lineups });
    expect(await callEndpoint(matchCentreEndpoints.basketballLineups, { params: { id: 7 } }, basketball.fetcher)).toEqual(lineups);
  });
});

describe('endpointCalls', () => {
  it('loads the endpoints with the first call and calls one by name, checked like callEndpoint', async () => {
    let loads = 0;
    const { calls, fetcher } = answering({ code: 0, msg: 'success', data: { match_id: 3, is_collect: false } });
    const collections = endpointCalls(async () => {
      loads += 1;
      return collectionsEndpoints;
    }, fetcher);
    expect(loads).toBe(0);
    expect(await collections('removeMatch', { params: { sport: 'football' }, body: { match_id: 3 } })).toEqual({ match_id: 3, is_collect: false });
    expect(loads).toBe(1);
    expect(calls[0]).toMatchObject({ path: '/api/football/collectDel', options: { method: 'POST', body: { match_id: 3 } } });
    await expect(collections('list')).rejects.toBeInstanceOf(ApiError);
  });
});
