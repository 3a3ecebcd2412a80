export * from '../modules/users/users.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/artists/artists.table.ts';
export * from '../modules/join/join.table.ts';
export * from '../modules/points/points.table.ts';
export * from '../modules/notifications/notifications.table.ts';
export * from '../modules/projects/projects.table.ts';
export * from '../modules/media/media.table.ts';
