import { http, HttpResponse } from 'msw';
import { projectFixture } from '../fixtures/project.ts';
import { settlementFixture } from '../fixtures/settlement.ts';
import { api } from './api.ts';

export const projectsHandlers = [
  http.get(api('/projects/:projectId'), ({ params }) => HttpResponse.json({ project: projectFixture({ id: Number(params.projectId) }) })),
  http.get(api('/projects/:projectId/participations'), () => HttpResponse.json({ items: [], nextCursor: null })),
  http.get(api('/projects/:projectId/settlement'), () => HttpResponse.json(settlementFixture())),
];
