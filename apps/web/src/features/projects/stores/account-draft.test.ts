import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedOutUserInfo, useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { accountDraftKey, draftKeepDays } from './account-draft.ts';
import { creationDraftStorageKey, useCreationDraftStore } from './creation-draft.ts';
import { requestDraftStorageKey, useRequestDraftStore } from './request-draft.ts';

const signIn = (id: string | null) => useUserInfoStore.setState({ ...signedOutUserInfo, id, isActive: id !== null });
const draftOf = () => {
  const { owner, step, artistId } = useRequestDraftStore.getState();
  return { owner, step, artistId };
};

/** Decision 089: drafts per account in localStorage, with an expiry. */
describe('request and creation drafts', () => {
  beforeEach(() => signIn('fan-a'));
  afterEach(() => signIn(null));

  it('are kept under the account, past the tab: a new tab (a fresh read of the storage) resumes them', () => {
    useRequestDraftStore.getState().update({ step: 3, artistId: 7 });
    useCreationDraftStore.getState().open(42);
    useCreationDraftStore.getState().update({ step: 6, title: 'Birthday' });
    expect(sessionStorage.length).toBe(0);
    expect(JSON.parse(localStorage.getItem(accountDraftKey(requestDraftStorageKey, 'fan-a'))!).state).toMatchObject({ owner: 'fan-a', step: 3, artistId: 7 });
    // A new tab starts with nothing of it in memory (here: another owner's, written under that owner) and reads the storage.
    useRequestDraftStore.setState({ step: 0, artistId: null, owner: 'someone-else' });
    void useRequestDraftStore.persist.rehydrate();
    expect(draftOf()).toEqual({ owner: 'fan-a', step: 3, artistId: 7 });
  });

  it('are never shown to another account on the same browser, and come back with their own', () => {
    useRequestDraftStore.getState().update({ step: 3, artistId: 7 });
    useCreationDraftStore.getState().open(42);
    useCreationDraftStore.getState().update({ step: 6, title: 'Birthday' });
    signIn('fan-b');
    expect(draftOf()).toEqual({ owner: 'fan-b', step: 0, artistId: null });
    expect(useCreationDraftStore.getState()).toMatchObject({ owner: 'fan-b', projectId: null, title: '' });
    useRequestDraftStore.getState().update({ step: 1, artistId: 9 });
    signIn('fan-a');
    expect(draftOf()).toEqual({ owner: 'fan-a', step: 3, artistId: 7 });
    expect(useCreationDraftStore.getState()).toMatchObject({ owner: 'fan-a', projectId: 42, step: 6, title: 'Birthday' });
    signIn('fan-b');
    expect(draftOf()).toEqual({ owner: 'fan-b', step: 1, artistId: 9 });
    expect(localStorage.getItem(accountDraftKey(creationDraftStorageKey, 'fan-b'))).not.toContain('Birthday');
  });

  it('keep nothing for a signed-out visitor, and empty the screen on sign-out', () => {
    useRequestDraftStore.getState().update({ step: 3, artistId: 7 });
    signIn(null);
    expect(draftOf()).toEqual({ owner: null, step: 0, artistId: null });
    const keys = Object.keys(localStorage);
    useRequestDraftStore.getState().update({ step: 2, artistId: 5 });
    expect(Object.keys(localStorage)).toEqual(keys);
  });

  it(`are dropped ${draftKeepDays} days after their last change`, () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T12:00:00+09:00') });
    useRequestDraftStore.getState().update({ step: 3, artistId: 7 });
    signIn('fan-b');
    vi.setSystemTime(new Date('2026-12-08T12:00:00+09:00'));
    signIn('fan-a');
    expect(draftOf()).toEqual({ owner: 'fan-a', step: 3, artistId: 7 });
    signIn('fan-b');
    vi.setSystemTime(new Date('2026-12-15T12:00:01+09:00'));
    signIn('fan-a');
    expect(draftOf()).toEqual({ owner: 'fan-a', step: 0, artistId: null });
  });
});
