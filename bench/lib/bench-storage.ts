import { LocalFileStorage } from '../../apps/server/src/platform/storage';

/** A bench's uploads: a local directory of its own, links signed with the bench's secret. */
export function benchStorage(root: string): LocalFileStorage {
  return new LocalFileStorage({
    root,
    linkSecret: 'secret-de-banc-d-essai-de-32-caracteres-au-moins',
    linkTtlSeconds: 300,
  });
}
