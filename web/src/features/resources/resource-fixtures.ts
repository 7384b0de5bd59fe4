// Test data and a fake resource store for the component tests: GET, POST, PATCH (refused with 409 unless `version`
// is current, as the server does) and DELETE on /resources, recorded by the fake API.
import { defaultResourceFields, type CreateResourceBody, type Resource, type ResourcePatch, type ResourceSummary } from '@chartside/shared';
import { apiError, type FakeApi } from '../../test/fake-api';

export const resourceFixture = (overrides: Partial<Resource> = {}): Resource => ({
  ...defaultResourceFields(),
  id: 'r-1',
  name: 'Sepsis bundle',
  type: 'guide',
  clicks: 0,
  version: 3,
  createdAt: '2025-02-01T10:00:00.000Z',
  updatedAt: '2025-02-01T10:00:00.000Z',
  ...overrides,
});

const summaryOf = ({ id, name, type, tags, favorite, link, description, createdAt, updatedAt, version, files, textSections }: Resource): ResourceSummary => ({
  id,
  name,
  type,
  tags,
  favorite,
  link,
  description,
  createdAt,
  updatedAt,
  version,
  fileCount: files.length,
  sectionCount: textSections.length,
});

export interface ResourceStore {
  resources: Map<string, Resource>;
  /** Writes a newer version, as another device would. */
  saveElsewhere: (id: string, changes: Partial<Resource>) => Resource;
}

export function serveResources(api: FakeApi, initial: Resource[] = [resourceFixture()]): ResourceStore {
  const resources = new Map(initial.map((r) => [r.id, r]));
  const saveElsewhere = (id: string, changes: Partial<Resource>) => {
    const current = resources.get(id);
    if (!current) throw new Error(`No resource ${id}`);
    const next = { ...current, ...changes, version: current.version + 1, updatedAt: new Date().toISOString() };
    resources.set(id, next);
    return next;
  };
  api
    .on('GET', '/resources', () => ({ resources: [...resources.values()].map(summaryOf) }))
    .on('GET', '/resources/{id}', (_request, { id = '' }) => resources.get(id) ?? apiError(404, 'not_found', 'No such resource.'))
    .on('POST', '/resources', (request) => {
      const body = request.body as CreateResourceBody;
      const created = resourceFixture({ ...body, id: `r-${resources.size + 1}`, version: 1, description: body.description ?? '', link: body.link ?? '', tags: body.tags ?? [] });
      resources.set(created.id, created);
      return created;
    })
    .on('PATCH', '/resources/{id}', (request, { id = '' }) => {
      const current = resources.get(id);
      if (!current) return apiError(404, 'not_found', 'No such resource.');
      const { version, ...changes } = request.body as ResourcePatch;
      if (version !== current.version) return apiError(409, 'version_conflict', 'This resource changed on another device or tab.');
      return saveElsewhere(id, changes);
    })
    .on('DELETE', '/resources/{id}', (_request, { id = '' }) => {
      resources.delete(id);
      return { deleted: true, filesDeleted: 0 };
    });
  return { resources, saveElsewhere };
}
