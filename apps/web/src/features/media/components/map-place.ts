/** A point a map shows: a medium's name, address and coordinates. */
export type MapPlace = { id: number; name: string; address: string; latitude: number; longitude: number };

/**
 * The tile server the maps draw from (README: `VITE_MAP_TILE_URL`), OpenStreetMap's by default.
 * A deployment with its own tile server or a commercial provider sets it at build time.
 */
export const mapTileUrl: string = import.meta.env.VITE_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const mapTileAttribution: string = import.meta.env.VITE_MAP_TILE_ATTRIBUTION || '© OpenStreetMap contributors';

/** How long the map waits for a first tile before it gives up and shows the list instead. */
export const firstTileTimeoutMs = 6000;
/** Failed tiles, with none drawn, after which the tile server counts as unreachable. */
export const tileFailuresBeforeGivingUp = 3;

export type MapStatus = 'loading' | 'ready' | 'unavailable';
