/** innovation-page (single type): overview, team, cooperation and research results. */
import type { Locale } from '../../../contracts/locale';
import { PICTURES, type Documents } from '../documents';
import { scene, sceneWithHover } from './scene';

export function innovationPage(documents: Documents) {
  const read = (locale: Locale) =>
    documents.single('innovation-page', locale, { overview: PICTURES, team: PICTURES, cooperation: PICTURES, research: PICTURES });
  return {
    async sceneOverview(locale: Locale) {
      const entry = await read(locale);
      const overview = entry?.one('overview');
      if (entry && !overview) documents.leftOut(entry, 'overview');
      return overview ? scene(overview) : undefined;
    },
    sceneTeam: async (locale: Locale) => (await read(locale))?.list('team').map(scene),
    sceneCooperation: async (locale: Locale) => (await read(locale))?.list('cooperation').map(scene),
    sceneResearch: async (locale: Locale) => (await read(locale))?.list('research').map(sceneWithHover),
  };
}
