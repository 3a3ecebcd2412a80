/**
 * Who is asking, as the services see it: a joined user, with whether they are an operator, or
 * nobody (a guest, or a user who has not finished joining). The routes take it from the session
 * (`plugins/session.ts#viewerOf`).
 */
export type Viewer = { userId: string; isOperator: boolean } | null;
