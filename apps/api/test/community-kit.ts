import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Comment, Project } from '@orchard/shared';
import type { TestContext, TestUser } from './harness.ts';
import { approvedWithThumbnail, creationBody, creditOrange, postCreation, validRequestBody } from './projects-kit.ts';

/** A project past creation (the only kind comments, likes and reports concern), made through the API. */
export async function createdProject(t: TestContext, creator: TestUser, operator: TestUser, artistId: number, title = 'Birthday subway ad'): Promise<Project> {
  const approved = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
  const body = creationBody(approved, { title });
  await creditOrange(t, creator.id, body.deposit);
  const created = await postCreation(t, creator, approved.id, body);
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { project: Project }).project;
}

export async function postComment(t: TestContext, user: TestUser, projectId: number, body: string): Promise<Comment> {
  const response = await t.request({ method: 'POST', url: `/api/projects/${projectId}/comments`, cookie: user.cookie, payload: { body } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { comment: Comment }).comment;
}

export const report = (t: TestContext, user: TestUser, payload: object) => t.request({ method: 'POST', url: '/api/reports', cookie: user.cookie, payload });

/** Reported by `reporter` and hidden by `operator` through the reports queue (docs/product.md#reports). */
export async function hideProject(t: TestContext, reporter: TestUser, operator: TestUser, projectId: number, action: 'hide' | 'restore' = 'hide') {
  await hideItem(t, reporter, operator, { type: 'project', id: projectId }, action);
}

/** A project, post, film or comment reported by `reporter` and hidden (or restored) by `operator` through the reports queue. */
export async function hideItem(t: TestContext, reporter: TestUser, operator: TestUser, target: { type: 'project' | 'post' | 'film' | 'comment'; id: number }, action: 'hide' | 'restore' = 'hide') {
  let reportId: number;
  if (action === 'hide') {
    const made = await report(t, reporter, { target, reason: 'REPR005' });
    expect(made.statusCode, made.body).toBe(201);
    reportId = (made.json() as { report: { id: number } }).report.id;
  } else {
    const { rows } = await t.database.db.execute<{ id: number }>(sql`select id from reports where target_type = ${target.type} and target_id = ${target.id} order by id desc limit 1`);
    reportId = Number(rows[0]!.id);
  }
  const decided = await t.request({ method: 'POST', url: `/api/operator/reports/${reportId}/decision`, cookie: operator.cookie, payload: { action } });
  expect(decided.statusCode, decided.body).toBe(200);
}
