import type { UserDocument } from '@chartside/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { apiError, fakeApi } from '../test/fake-api';
import { signedInSession, storeSessionId, testConfig, userDocument } from '../test/fixtures';
import { createPlatform, PlatformContext } from './platform-context';
import { useMe, useUserDocumentChange } from './user-document';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue(signedInSession());
  storeSessionId();
  api = fakeApi({ me: userDocument({ panelTagsSelected: [], version: 1 }) }).install();
});

/** PATCH /me as the server does it, each answer held until the test lets it go. */
const heldPatches = () => {
  const releases: (() => void)[] = [];
  api.on('PATCH', '/me', async (request) => {
    await new Promise<void>((resolve) => releases.push(resolve));
    const { version, ...changes } = request.body as Partial<UserDocument> & { version: number };
    if (version !== api.state.me.version) return apiError(409, 'version_conflict', 'Changed elsewhere.');
    api.state.me = { ...api.state.me, ...changes, version: version + 1 };
    return api.state.me;
  });
  return releases;
};

// A change that depends on the document it is applied to: adding a tag to the selected ones.
const addTag = (document: UserDocument, tag: string) => ({ panelTagsSelected: [...document.panelTagsSelected, tag] });

const renderChange = async () => {
  const queryClient = createQueryClient();
  const platform = createPlatform(testConfig, queryClient, { clientId: 'tab-1', reload: vi.fn(), clearPersistedData: vi.fn() });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PlatformContext value={platform}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </PlatformContext>
  );
  const view = renderHook(() => ({ me: useMe(), save: useUserDocumentChange(['me', 'test-tags'], addTag) }), { wrapper });
  await waitFor(() => expect(view.result.current.me.data?.version).toBe(1));
  return view;
};

const patches = () => api.calls('PATCH', '/me').map((request) => request.body);

describe('useUserDocumentChange', () => {
  it('on a 409, takes the latest document and applies the same change to it again', async () => {
    const releases = heldPatches();
    const { result } = await renderChange();
    // Another device selected 'renal' meanwhile (version 2).
    api.state.me = { ...api.state.me, panelTagsSelected: ['renal'], version: 2 };
    act(() => result.current.save.mutate('cardio'));
    await waitFor(() => expect(result.current.me.data?.panelTagsSelected).toEqual(['cardio']));
    await waitFor(() => expect(releases).toHaveLength(1));
    act(() => releases[0]?.());
    await waitFor(() => expect(releases).toHaveLength(2));
    act(() => releases[1]?.());
    await waitFor(() => expect(result.current.save.isSuccess).toBe(true));
    expect(patches()).toEqual([
      { version: 1, panelTagsSelected: ['cardio'] },
      { version: 2, panelTagsSelected: ['renal', 'cardio'] },
    ]);
    expect(result.current.me.data).toMatchObject({ panelTagsSelected: ['renal', 'cardio'], version: 3 });
  });

  it("keeps the changes still pending on top of an earlier save's answer, each saved with the version the last produced", async () => {
    const releases = heldPatches();
    const { result } = await renderChange();
    act(() => result.current.save.mutate('cardio'));
    act(() => result.current.save.mutate('renal'));
    await waitFor(() => expect(result.current.me.data?.panelTagsSelected).toEqual(['cardio', 'renal']));
    await waitFor(() => expect(releases).toHaveLength(1));
    act(() => releases[0]?.());
    // The first answer (version 2, only 'cardio') is in; 'renal' is still on its way and stays on screen.
    await waitFor(() => expect(result.current.me.data?.version).toBe(2));
    expect(result.current.me.data?.panelTagsSelected).toEqual(['cardio', 'renal']);
    await waitFor(() => expect(releases).toHaveLength(2));
    act(() => releases[1]?.());
    await waitFor(() => expect(result.current.me.data?.version).toBe(3));
    expect(result.current.me.data?.panelTagsSelected).toEqual(['cardio', 'renal']);
    expect(patches()).toEqual([
      { version: 1, panelTagsSelected: ['cardio'] },
      { version: 2, panelTagsSelected: ['cardio', 'renal'] },
    ]);
  });

  it("shows the server's copy again when a save fails", async () => {
    let fail: (() => void) | undefined;
    const failed = new Promise<void>((resolve) => (fail = resolve));
    api.on('PATCH', '/me', async () => {
      await failed;
      return apiError(503, 'unavailable', 'The server is restarting.');
    });
    const { result } = await renderChange();
    act(() => result.current.save.mutate('cardio'));
    await waitFor(() => expect(result.current.me.data?.panelTagsSelected).toEqual(['cardio']));
    act(() => fail?.());
    await waitFor(() => expect(result.current.save.error?.message).toBe('The server is restarting.'));
    expect(result.current.me.data?.panelTagsSelected).toEqual([]);
  });
});
