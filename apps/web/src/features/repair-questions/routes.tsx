/** `/cms/questions` (spec 02 §2 "Repair Questions", admin level): the repair questionnaire editor. */
// The help menu's icon, already in the first load (a new icon would weigh on every screen's budget).
import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const QuestionsPage = lazyPage(() => import('./QuestionsPage.tsx').then((m) => m.QuestionsPage));

export const repairQuestionsRoutes: AppRoute[] = [
  {
    path: '/cms/questions',
    meta: { name: 'cms-questions', title: 'Repair Questions', auth: 'admin' },
    Component: QuestionsPage,
  },
];
