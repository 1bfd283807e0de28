import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { meta as basketballMeta } from './routes/basketball';
import { meta as footballMeta } from './routes/football';

// Tuesday 24 November 2026, the server's UTC day.
const TODAY = Date.UTC(2026, 10, 24) / 1000;
const DAY = 86_400;
const root = { id: 'root', loaderData: { requestOrigin: 'https://tribun.example' } };

function titleAndDescription(descriptors: MetaDescriptor[] | undefined = []) {
  const title = (descriptors.find((d) => 'title' in d) as { title: string }).title;
  const description = (descriptors.find((d) => 'name' in d && d.name === 'description') as { content: string }).content;
  return { title, description };
}

const football = (pathname: string, daySec: number) =>
  titleAndDescription(footballMeta({ data: { daySec, todaySec: TODAY }, location: { pathname }, matches: [root] } as never));
const basketball = (pathname: string, daySec: number) =>
  titleAndDescription(basketballMeta({ data: { daySec, todaySec: TODAY }, location: { pathname }, matches: [root] } as never));

describe('a list page’s title names the day it shows', () => {
  it('today’s lists keep “today”', () => {
    expect(football('/en/football', TODAY).title).toMatch(/^Football live scores today/);
    expect(basketball('/basketball', TODAY).title).toMatch(/^Bugünün canlı basketbol skorları/);
  });

  it('another day is named by its date, as results before today and fixtures after, in all three languages', () => {
    expect(football('/en/football', TODAY - DAY)).toEqual({
      title: expect.stringMatching(/^Football results, Monday, November 23/),
      description: 'Every football match of Monday, November 23: final scores, half-time results and red cards.',
    });
    expect(football('/football', TODAY - DAY).title).toMatch(/^Futbol sonuçları, 23 Kasım Pazartesi/);
    expect(football('/zh/football', TODAY - DAY).title).toMatch(/^11月23日星期一足球赛果/);
    expect(football('/en/football', TODAY + DAY).title).toMatch(/^Football fixtures, Wednesday, November 25/);
    expect(basketball('/en/basketball', TODAY - 2 * DAY).title).toMatch(/^Basketball results, Sunday, November 22/);
    expect(basketball('/zh/basketball', TODAY + DAY).description).toBe('11月25日星期三全部篮球比赛及开赛时间，比赛开始后比分实时更新。');
    for (const page of [football('/en/football', TODAY - DAY), basketball('/zh/basketball', TODAY + DAY), football('/football', TODAY - DAY)]) {
      expect(`${page.title} ${page.description}`).not.toMatch(/today|bugün|今日/i);
    }
  });
});
