import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './app-routes.tsx';
import { paths, routePatterns } from '../lib/paths.ts';

/** The route a path lands on: its pattern (an index route answers with its parent's path) and params. */
function landing(pathname: string) {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  const leaf = matches.at(-1)!;
  return { pattern: leaf.route.index ? matches.at(-2)!.route.path : leaf.route.path, params: leaf.params };
}

describe('the route table (docs/product.md#shell)', () => {
  it.each([
    [paths.home, paths.home, {}],
    [paths.artist('group', 3), routePatterns.artist, { type: 'group', id: '3' }],
    [paths.search, paths.search, {}],
    [paths.project(42), routePatterns.project, { id: '42' }],
    [paths.createProject(42), routePatterns.createProject, { id: '42' }],
    [paths.terms('unique-identification'), routePatterns.terms, { doc: 'unique-identification' }],
    [paths.myPage, paths.myPage, {}],
    [paths.userProfile, paths.userProfile, {}],
    [paths.projectInfoDetail('approved', 8), routePatterns.projectInfoDetail, { status: 'approved', id: '8' }],
    [paths.completedCharge('c1'), routePatterns.completedCharge, { id: 'c1' }],
    [paths.pointHistory('berry'), routePatterns.pointHistory, { type: 'berry' }],
    [paths.receipt('c1'), routePatterns.receipt, { id: 'c1' }],
    [paths.statement, paths.statement, {}],
    [paths.customerSupport, paths.customerSupport, {}],
    [paths.inquiry, paths.inquiry, {}],
    ['/no/such/page', routePatterns.notFound, { '*': 'no/such/page' }],
  ])('%s lands on %s', (pathname, pattern, params) => {
    expect(landing(pathname)).toEqual({ pattern, params: expect.objectContaining(params) });
  });
});
