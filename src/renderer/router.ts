/**
 * The screens, in the address's hash so a reload (and the preview's static host) comes back
 * to the same place. Until a service is connected (or the demo tried), every route leads to
 * the welcome screen.
 */
import { createRouter, createWebHashHistory, type Router } from 'vue-router';
import EventDetailView from './features/events/EventDetailView.vue';
import EventsView from './features/events/EventsView.vue';
import ImportReviewView from './features/imports/ImportReviewView.vue';
import SettingsView from './features/settings/SettingsView.vue';
import SubjectsView from './features/subjects/SubjectsView.vue';
import SubjectView from './features/subjects/SubjectView.vue';
import WelcomeView from './features/welcome/WelcomeView.vue';
import WorkspaceView from './features/workspace/WorkspaceView.vue';
import { focusHeadingOnRouteChange } from './composables/route-focus';

export function createAppRouter(hasAccount: () => boolean): Router {
  const router = createRouter({
    history: createWebHashHistory(),
    // A new screen opens at its top, not at the last one's scroll position.
    scrollBehavior: (to, from, saved) => saved ?? { top: 0 },
    routes: [
      { path: '/', redirect: { name: 'events' } },
      { path: '/welcome', name: 'welcome', component: WelcomeView },
      { path: '/events', name: 'events', component: EventsView },
      { path: '/events/:id(\\d+)', name: 'event', component: EventDetailView, props: (route) => ({ id: Number(route.params.id) }) },
      {
        path: '/events/:eventId(\\d+)/imports/:importId(\\d+)',
        name: 'import',
        component: ImportReviewView,
        meta: { wide: true },
        props: (route) => ({ eventId: Number(route.params.eventId), importId: Number(route.params.importId) }),
      },
      { path: '/drafts/:id(\\d+)', name: 'draft', component: WorkspaceView, meta: { wide: true }, props: (route) => ({ id: Number(route.params.id) }) },
      { path: '/subjects', name: 'subjects', component: SubjectsView },
      { path: '/subjects/new', name: 'subject-new', component: SubjectView, props: { localId: null } },
      { path: '/subjects/:localId(\\d+)', name: 'subject', component: SubjectView, props: (route) => ({ localId: Number(route.params.localId) }) },
      { path: '/settings', name: 'settings', component: SettingsView },
      { path: '/:rest(.*)', redirect: { name: 'events' } },
    ],
  });
  focusHeadingOnRouteChange(router, () => document.getElementById('main'));
  router.beforeEach((to) => {
    if (to.name !== 'welcome' && !hasAccount()) return { name: 'welcome' };
    return true;
  });
  return router;
}
