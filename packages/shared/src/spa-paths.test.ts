import { describe, expect, it } from 'vitest';
import { spaPaths, spaRoutePatterns } from './spa-paths.ts';

describe('the web app paths', () => {
  it('build each path from its route pattern, encoding the values', () => {
    expect(spaPaths.artist('group', 3)).toBe('/artist/group/3');
    expect(spaPaths.project(42)).toBe('/project/42');
    expect(spaPaths.createProject('')).toBe('/create-project/');
    expect(spaPaths.projectInfoDetail('approved', 8)).toBe('/my-page/project-info-detail/approved/8');
    expect(spaPaths.completedCharge('a/b?c')).toBe('/my-page/completed-charge/a%2Fb%3Fc');
    expect(spaPaths.pointHistory('orange')).toBe('/my-page/point-history/orange');
    expect(spaPaths.terms('unique-identification')).toBe('/terms/unique-identification');
  });

  it('have a pattern for every path with parameters', () => {
    const builders = Object.entries(spaPaths).filter(([, path]) => typeof path === 'function').map(([name]) => name);
    expect(builders.sort()).toEqual(Object.keys(spaRoutePatterns).filter((name) => name !== 'notFound').sort());
  });
});
