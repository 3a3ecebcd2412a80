import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type UserInfo = {
  /** A live session is known to exist (the last auth check succeeded). */
  isActive: boolean;
  id: string | null;
  hasUnreadNotification: boolean;
};

/** docs/architecture.md#web: the signed-out values `userInfo` resets to. */
export const signedOutUserInfo: UserInfo = { isActive: false, id: null, hasUnreadNotification: false };

type UserInfoStore = UserInfo & {
  setUserInfo(info: UserInfo): void;
  resetUserInfo(): void;
};

/** docs/architecture.md#web: persisted in localStorage under exactly `userInfo`. */
export const userInfoStorageKey = 'userInfo';

export const useUserInfoStore = create<UserInfoStore>()(
  persist(
    (set) => ({
      ...signedOutUserInfo,
      setUserInfo: (info) => set(info),
      resetUserInfo: () => set(signedOutUserInfo),
    }),
    {
      name: userInfoStorageKey,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ isActive, id, hasUnreadNotification }) => ({ isActive, id, hasUnreadNotification }),
    },
  ),
);

export function isSignedIn(info: Pick<UserInfo, 'id'>): boolean {
  return info.id !== null;
}
