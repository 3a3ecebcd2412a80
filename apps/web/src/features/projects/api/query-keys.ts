export { projectsQueryKeys, shouldRetryProjectQuery } from '../../../lib/projects-query-keys.ts';
