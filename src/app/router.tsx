import { lazy, Suspense, type ReactNode } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import i18n from '../i18n';
import { useAuthStore } from '../stores/auth-store';
import { RootLayout } from './layouts/root-layout';
import { ProtectedRoute } from './layouts/protected-route';
import { PageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { PageErrorBoundary } from './pwa/page-error-boundary';

// Every page is its own chunk so the first load stays small.
const HomePage = lazy(() => import('./routes/home-page'));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const VerifyEmailPage = lazy(() => import('../features/auth/components/verify-email-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page'));
const SocialCallbackPage = lazy(() => import('../features/auth/components/social-callback-page'));
const ContactPage = lazy(() => import('../features/contact/components/contact-page'));
const PrivacyPage = lazy(() => import('../features/legal/components/privacy-page'));
const TermsPage = lazy(() => import('../features/legal/components/terms-page'));
const UploadPage = lazy(() => import('../features/materials/components/upload-page'));
const loadMaterialDetail = () => import('../features/materials/components/material-detail-page');
const MaterialDetailPage = lazy(loadMaterialDetail);
const QuizSettingsPage = lazy(() => import('../features/quiz/components/quiz-settings-page'));
const QuizLoadingPage = lazy(() => import('../features/quiz/components/quiz-loading-page'));
const loadQuizQuestions = () => import('../features/quiz/components/quiz-questions-page');
const QuizQuestionsPage = lazy(loadQuizQuestions);
const loadQuizResults = () => import('../features/quiz/components/quiz-results-page');
const QuizResultsPage = lazy(loadQuizResults);
const MaterialFlashcardsPage = lazy(
  () => import('../features/flashcards/components/material-flashcards-page'),
);
const QuizFlashcardsPage = lazy(
  () => import('../features/flashcards/components/quiz-flashcards-page'),
);
const OutboxPage = lazy(() => import('../features/offline/components/outbox-page'));
const ReviewPage = lazy(() => import('./routes/review-route'));
const loadProgress = () => import('../features/progress/components/progress-page');
const ProgressPage = lazy(loadProgress);
const SubscriptionPage = lazy(() => import('../features/billing/components/subscription-page'));
const PaymentResultPage = lazy(() => import('../features/billing/components/payment-result-page'));
const DemoCheckoutPage = lazy(() => import('../features/billing/components/demo-checkout-page'));
const DemoPortalPage = lazy(() => import('../features/billing/components/demo-portal-page'));

/**
 * What a route's first screen needs beyond the shell — its page chunk and its strings — asked
 * for by boot.tsx before React renders (preloadRoute), beside the layout's chunks rather than
 * after them (decision 0060). Only pages a learner opens directly (a link, a reload, the
 * installed app's start) carry one; the others load as they are navigated to.
 */
interface RouteHandle {
  preload(): Promise<unknown>;
}
const withStrings = (load: () => Promise<unknown>, namespaces: string[]): RouteHandle => ({
  preload: () => Promise.all([load(), i18n.loadNamespaces(namespaces)]),
});
// "/" is the welcome page signed out and the material list signed in (routes/home-page.tsx).
const homeHandle: RouteHandle = {
  preload() {
    const { status } = useAuthStore.getState();
    if (status === 'signedIn') {
      return Promise.all([
        import('./routes/home-page'),
        import('../features/materials/components/material-list-page'),
        import('../features/materials/api/get-materials').then((m) =>
          m.prefetchFirstMaterialsPage(),
        ),
        i18n.loadNamespaces(['materials', 'offline']),
      ]);
    }
    if (status === 'signedOut') {
      return Promise.all([
        import('./routes/home-page'),
        import('../features/welcome/components/welcome-page'),
        i18n.loadNamespaces('welcome'),
      ]);
    }
    return import('./routes/home-page');
  },
};

const page = (node: ReactNode) => (
  <PageErrorBoundary>
    <Suspense fallback={<PageSpinner />}>{node}</Suspense>
  </PageErrorBoundary>
);

/** Every page; the browser router below and the build's prerender (src/prerender.tsx) use them. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: page(<HomePage />), handle: homeHandle },
      { path: paths.login, element: page(<LoginPage />) },
      { path: paths.verifyEmail, element: page(<VerifyEmailPage />) },
      { path: paths.resetPassword, element: page(<ResetPasswordPage />) },
      { path: paths.socialCallback, element: page(<SocialCallbackPage />) },
      { path: paths.contact, element: page(<ContactPage />) },
      { path: paths.privacy, element: page(<PrivacyPage />) },
      { path: paths.terms, element: page(<TermsPage />) },
      { path: paths.paymentResult, element: page(<PaymentResultPage />) },
      {
        element: <ProtectedRoute />,
        children: [
          { path: paths.uploadMaterial, element: page(<UploadPage />) },
          {
            path: '/materials/:materialId',
            element: page(<MaterialDetailPage />),
            handle: withStrings(loadMaterialDetail, ['materials', 'offline']),
          },
          { path: '/materials/:materialId/quiz/new', element: page(<QuizSettingsPage />) },
          { path: '/materials/:materialId/quiz/loading', element: page(<QuizLoadingPage />) },
          {
            path: '/materials/:materialId/quiz/:quizId/questions',
            element: page(<QuizQuestionsPage />),
            handle: withStrings(loadQuizQuestions, ['quiz', 'offline']),
          },
          {
            path: '/materials/:materialId/quiz/:quizId/results',
            element: page(<QuizResultsPage />),
            handle: withStrings(loadQuizResults, ['quiz', 'offline']),
          },
          {
            path: '/materials/:materialId/flashcards',
            element: page(<MaterialFlashcardsPage />),
          },
          {
            path: '/materials/:materialId/quiz/:quizId/flashcards',
            element: page(<QuizFlashcardsPage />),
          },
          { path: paths.subscription, element: page(<SubscriptionPage />) },
          { path: paths.outbox, element: page(<OutboxPage />) },
          { path: paths.review, element: page(<ReviewPage />) },
          {
            path: paths.progress,
            element: page(<ProgressPage />),
            handle: withStrings(loadProgress, ['progress', 'offline']),
          },
          { path: '/demo/checkout/:sessionId', element: page(<DemoCheckoutPage />) },
          { path: '/demo/portal/:portalId', element: page(<DemoPortalPage />) },
        ],
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

/**
 * Starts loading what the page at `pathname` shows first (its route's handle); failures are left
 * to the page's own load, which shows them.
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    (match.route.handle as RouteHandle | undefined)?.preload().catch(() => undefined);
  }
}

type Router = ReturnType<typeof createBrowserRouter>;
let browserRouter: Router | undefined;

/** The app's router, made on first use (so importing the routes needs no window). */
export function getRouter(): Router {
  browserRouter ??= createBrowserRouter(routes);
  return browserRouter;
}

/** `router`: another one (the prerender's memory router); the browser's by default. */
export function AppRouter({ router }: { router?: Router }) {
  return <RouterProvider router={router ?? getRouter()} />;
}
