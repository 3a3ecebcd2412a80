/** Every users query lives under `['users']`, so a profile change can refresh them all. */
export const usersQueryKeys = {
  all: ['users'] as const,
  displayInfo: ['users', 'display-info'] as const,
  userProfile: ['users', 'user-profile'] as const,
  followingArtists: ['users', 'following-artists'] as const,
};
