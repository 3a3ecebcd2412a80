import { describe, expect, it } from 'vitest';
import { firstScreenNamespaces } from './first-screen.ts';

describe('the namespaces a first screen loads before it renders (issue 35)', () => {
  it("loads every namespace a project page's sections ask for, so none suspends the page on its own round trip", () => {
    expect(firstScreenNamespaces('/project/26')).toEqual(expect.arrayContaining(['common', 'projectDetail', 'proof', 'settlement', 'community', 'film']));
  });

  it('loads an artist page, the films and a film with theirs, and any other page with the shell only', () => {
    expect(firstScreenNamespaces('/artist/group/2')).toEqual(['common', 'artist', 'film']);
    expect(firstScreenNamespaces('/film')).toEqual(['common', 'film']);
    expect(firstScreenNamespaces('/film/3')).toEqual(['common', 'film', 'community']);
    expect(firstScreenNamespaces('/')).toEqual(['common', 'home']);
    expect(firstScreenNamespaces('/my-page')).toEqual(['common']);
  });
});
