import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { STORES_ELEMENT_ID } from '@servery/contract/constants';
import { testStore } from '@servery/contract/menu.test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, stubApiWire } from '../../lib/testing/api-wire.ts';
import { adoptEmbeddedStores, useGetStoresQuery } from './api.ts';

const store = (id: string) => testStore(id);

function embed(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = STORES_ELEMENT_ID;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => {
  document.getElementById(STORES_ELEMENT_ID)?.remove();
  vi.unstubAllGlobals();
});

function storesWith(reduxStore: ReturnType<typeof createTestStore>) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={reduxStore}>{children}</Provider>
  );
  return renderHook(() => useGetStoresQuery(), { wrapper });
}

describe('the store list the server embeds in the page', () => {
  it('is what the page starts with, without asking GET /api/store', async () => {
    const wire = stubApiWire();
    embed(JSON.stringify([store('a'), store('b')]));
    const reduxStore = createTestStore();
    adoptEmbeddedStores(reduxStore.dispatch);
    const { result } = storesWith(reduxStore);
    expect(result.current.data?.map((s) => s.name)).toEqual(['Store a', 'Store b']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(wire.sent.filter((call) => call.path === '/api/store')).toEqual([]);
  });

  it('is asked for as before when the block is missing or damaged', async () => {
    const wire = stubApiWire({
      '/api/store': { status: 200, body: { status: 200, message: 'OK', data: [store('c')] } },
    });
    embed('[{"id": "a", broken');
    const reduxStore = createTestStore();
    adoptEmbeddedStores(reduxStore.dispatch);
    const { result } = storesWith(reduxStore);
    await waitFor(() => expect(result.current.data?.map((s) => s.name)).toEqual(['Store c']));
    expect(wire.sent.filter((call) => call.path === '/api/store')).toHaveLength(1);
  });
});
