import { beforeEach, describe, expect, it } from 'vitest';
import { languageAndCurrencyStorageKey, useLanguageAndCurrencyStore } from './language-and-currency.ts';
import { signedOutUserInfo, useUserInfoStore, userInfoStorageKey } from './user-info.ts';

function persisted(key: string): unknown {
  const raw = localStorage.getItem(key);
  return raw === null ? null : (JSON.parse(raw) as { state: unknown }).state;
}

describe('persisted stores (docs/architecture.md#web)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState(useLanguageAndCurrencyStore.getInitialState());
    useUserInfoStore.setState(useUserInfoStore.getInitialState());
  });

  it('persists userInfo under exactly "userInfo" and resets to false, null, false', () => {
    expect(userInfoStorageKey).toBe('userInfo');
    useUserInfoStore.getState().setUserInfo({ isActive: true, id: 'user-1', hasUnreadNotification: true });
    expect(persisted('userInfo')).toEqual({ isActive: true, id: 'user-1', hasUnreadNotification: true });
    useUserInfoStore.getState().resetUserInfo();
    expect(signedOutUserInfo).toEqual({ isActive: false, id: null, hasUnreadNotification: false });
    expect(persisted('userInfo')).toEqual({ isActive: false, id: null, hasUnreadNotification: false });
  });

  it('persists languageAndCurrency under exactly "languageAndCurrency", defaulting to ko and KRW', () => {
    expect(languageAndCurrencyStorageKey).toBe('languageAndCurrency');
    expect(useLanguageAndCurrencyStore.getInitialState()).toMatchObject({ language: 'ko', currency: 'KRW' });
    useLanguageAndCurrencyStore.getState().setLanguage('ja');
    useLanguageAndCurrencyStore.getState().setCurrency('USD');
    expect(persisted('languageAndCurrency')).toEqual({ language: 'ja', currency: 'USD' });
  });

  it('reads the saved setting back and ignores unknown values', async () => {
    localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: 'es', currency: 'EUR' }, version: 0 }));
    await useLanguageAndCurrencyStore.persist.rehydrate();
    expect(useLanguageAndCurrencyStore.getState()).toMatchObject({ language: 'es', currency: 'KRW' });
  });
});
