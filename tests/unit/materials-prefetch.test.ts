import './offline-env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../src/stores/auth-store';
import {
  getMaterialsPage,
  prefetchFirstMaterialsPage,
} from '../../src/features/materials/api/get-materials';

// Decision 0060: a signed-in load of "/" asks for the list's first page beside the page's code;
// the list's first load takes that answer instead of asking again — once, and only its own.

const row = (id: string) => ({ id, title: id, created_at: '2026-11-28T09:00:00.000Z' });

function serverAnswering(...pages: Array<Array<ReturnType<typeof row>>>) {
  const fetchMock = vi.fn(async (_url: string) => {
    const data = pages.shift() ?? [];
    return new Response(JSON.stringify({ data, nextCursor: null }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the material list takes the prefetched first page', () => {
  beforeEach(() => {
    useAuthStore.setState({ status: 'signedIn', user: { id: 'learner-1' } as never });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uses the prefetched answer once, then asks the server again', async () => {
    const fetchMock = serverAnswering([row('early')], [row('later')]);
    prefetchFirstMaterialsPage();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/materials\?limit=20$/);

    const first = await getMaterialsPage(null, undefined);
    expect(first.materials.map((m) => m.id)).toEqual(['early']);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const again = await getMaterialsPage(null, undefined);
    expect(again.materials.map((m) => m.id)).toEqual(['later']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("does not hand one learner's prefetched page to another", async () => {
    const fetchMock = serverAnswering([row('first-learner')], [row('second-learner')]);
    prefetchFirstMaterialsPage();
    useAuthStore.setState({ status: 'signedIn', user: { id: 'learner-2' } as never });
    const page = await getMaterialsPage(null, undefined);
    expect(page.materials.map((m) => m.id)).toEqual(['second-learner']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
